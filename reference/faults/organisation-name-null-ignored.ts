import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'organisation-name-null-ignored',
  breaks: 'ORG-TYPES',
  seenIn: 'generated payloads',
  description:
    'an organisation update whose name is null is answered 200 and changes nothing, as if the name had not been sent (the hand-written check sends a number)',
  patch: {
    // a null name is read as no name at all, so nothing changes
    read: (call, body) => {
      if (call.operation !== 'updateOrganisation' || !isObject(body) || !isObject(body.organisation) || body.organisation.name !== null) return body;
      const { name: _, ...rest } = body.organisation;
      return { ...body, organisation: rest };
    },
  },
});
