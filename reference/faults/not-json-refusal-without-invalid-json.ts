import { fault } from '../patch.ts';
import { errorEntry, errorList } from '../responses.ts';

export default fault({
  name: 'not-json-refusal-without-invalid-json',
  breaks: 'ERR-INVALID-JSON',
  description:
    'a body that is not JSON is refused with an error list titled "Malformed request body" that names no pointer or type; a JSON body that lacks its wrapper is still answered Invalid JSON',
  patch: {
    // the parser's own refusal, before the rules are read (a zero-byte body keeps the reference's answer)
    reply: (call, reply) =>
      call.refused && call.json === undefined && call.bytes.length > 0 && reply.status < 500
        ? errorList(reply.status, [errorEntry(reply.status, 'Malformed request body', 'The request body could not be parsed')])
        : reply,
  },
});
