import { fault, isObject } from '../patch.ts';
import { internalError } from '../responses.ts';

export default fault({
  name: 'chaos-null-http-error-500',
  breaks: 'GEN-NO-5XX',
  seenIn: 'generated payloads',
  description: 'an httpErrors item that is null is answered 500 (only generated payloads put null in an array item)',
  patch: {
    // the crash comes where the rules read the items: a body refused before them (not JSON, too deep) never gets there
    reply: (call, reply) => {
      const chaos = isObject(call.json) ? call.json.chaos : undefined;
      const crashes =
        call.operation === 'updateChaosSettings' &&
        call.problems !== undefined &&
        isObject(chaos) &&
        Array.isArray(chaos.httpErrors) &&
        chaos.httpErrors.includes(null);
      return crashes ? internalError() : reply;
    },
  },
});
