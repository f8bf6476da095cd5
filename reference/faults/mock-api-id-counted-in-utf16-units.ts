import { limits } from '../../contract/limits.ts';
import { fault } from '../patch.ts';
import { refusedForItsLength } from '../freedoms/mock-api-id-length-refused-400.ts';

export default fault({
  name: 'mock-api-id-counted-in-utf16-units',
  breaks: 'ID-MOCK-API-LENGTH',
  description: 'a mockApiId is measured in UTF-16 units, not characters: one of 10 characters, one outside the Basic Multilingual Plane, is refused 400',
  patch: {
    // an id out of the limit so counted is refused as a path validator refuses it (freedom mock-api-id-length-refused-400),
    // where the reference answers not found (credentials are still judged first)
    reply: (call, reply) => {
      const id = call.params.mockApiId;
      const { min, max } = limits().mockApiIdLength;
      if (reply.status !== 404 || id === undefined || (id.length >= min && id.length <= max)) return reply;
      return refusedForItsLength();
    },
  },
});
