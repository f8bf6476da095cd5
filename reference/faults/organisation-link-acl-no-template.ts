import { changeOrganisationLink, fault } from '../patch.ts';

export default fault({
  name: 'organisation-link-acl-no-template',
  breaks: 'ORG-LINKS',
  statement: 'ORG.links.acl',
  description: 'the organisation link acl lacks the {?subjectId} template',
  patch: {
    reply: (call, reply) => changeOrganisationLink(call, reply, 'acl', (_, acl) => acl.replace('{?subjectId}', '')),
  },
});
