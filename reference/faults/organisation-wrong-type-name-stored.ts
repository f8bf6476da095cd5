import { fault, isObject } from '../patch.ts';
import type { Organisation } from '../store.ts';

export default fault({
  name: 'organisation-wrong-type-name-stored',
  breaks: 'ORG-TYPES',
  description: 'an organisation update whose name is not a string is answered 400 but the name is set to its JSON text',
  patch: {
    // only a body that was held to the rules: one refused before (not JSON, too deep) stores nothing
    write: (call, before, after, accepted) => {
      const sent = isObject(call.json) ? call.json.organisation : undefined;
      if (call.operation !== 'updateOrganisation' || accepted || call.problems === undefined || !isObject(sent)) return after;
      const { name } = sent;
      return name !== undefined && typeof name !== 'string' ? { ...(before as Organisation), name: JSON.stringify(name) } : after;
    },
  },
});
