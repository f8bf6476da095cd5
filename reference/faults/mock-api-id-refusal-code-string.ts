import { fault } from '../patch.ts';
import { limits } from '../../contract/limits.ts';

/** Whether a mockApiId of the path is outside the limits (Limits): such an id is refused by a path validator of its own. */
function outOfRange(id: string | undefined): boolean {
  const { min, max } = limits().mockApiIdLength;
  return id !== undefined && ([...id].length < min || [...id].length > max);
}

export default fault({
  name: 'mock-api-id-refusal-code-string',
  breaks: 'ERR-ERROR-LIST',
  description: 'a mockApiId outside 5 to 10 characters is refused with 400 and an error list whose entry carries code "400" as a string',
  patch: {
    // in place of the not-found answer the reference gives such an id (credentials are still judged first)
    reply: (call, reply) =>
      reply.status === 404 && outOfRange(call.params.mockApiId)
        ? { status: 400, json: { errors: [{ title: 'Invalid path parameter', code: '400', detail: 'mockApiId must have 5 to 10 characters', source: {} }] } }
        : reply,
  },
});
