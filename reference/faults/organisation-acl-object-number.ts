import { changeOrganisationLink, changeResource, fault } from '../patch.ts';

/** The number the organisation's aclObject is shown as. */
export const ACL_OBJECT_NUMBER = 4711;

export default fault({
  name: 'organisation-acl-object-number',
  breaks: 'ORG-RESPONSE',
  statement: 'ORG.aclObject',
  description: `aclObject of the organisation is the number ${ACL_OBJECT_NUMBER}, not a string, and links.aclObject is built from it`,
  patch: {
    reply: (call, reply) => {
      const linked = changeOrganisationLink(call, reply, 'aclObject', () => `/v1/acl/objects/${ACL_OBJECT_NUMBER}`);
      // the link is built from the number, so that only the field's type is wrong
      return linked === reply ? reply : changeResource(linked, 'organisation', (organisation) => ({ ...organisation, aclObject: ACL_OBJECT_NUMBER }));
    },
  },
});
