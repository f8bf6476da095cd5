import { freedom } from '../patch.ts';
import { errorList, errorEntry } from '../responses.ts';

/** What the JSON parser says of these bytes. */
function parserMessage(bytes: Buffer): string {
  try {
    JSON.parse(bytes.toString('utf8'));
    return 'the body is not UTF-8';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export default freedom({
  name: 'parse-errors-own-words',
  bends: ['ERR.case.invalid-json', 'ERR.list.title', 'ERR.list.detail', 'GEN.update-wrap'],
  description: 'a body that is not JSON is refused in the parser\'s own words: "Malformed JSON body" and the parser\'s message, no pointer, no type',
  patch: {
    // the Invalid JSON row is of a body that lacks a required property; of one that cannot be read the words say nothing
    reply: (call, reply) =>
      call.refused && call.json === undefined && reply.status === 400
        ? errorList(400, [errorEntry(400, 'Malformed JSON body', `Malformed JSON body: ${parserMessage(call.bytes)}`)])
        : reply,
  },
});
