import { changeResource, fault } from '../patch.ts';
import type { LoggedRequest } from '../store.ts';

/** The body as text, pretty-printed where it is JSON. */
function prettyPrinted(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export default fault({
  name: 'logged-request-body-mismatch',
  breaks: 'LR-BODY',
  statement: 'LR.request.body',
  description: 'body shows a JSON request body pretty-printed, while bodyAsBase64 holds the bytes as received',
  patch: {
    reply: (call, reply, resource) =>
      call.operation === 'getLoggedRequest' && resource !== undefined
        ? changeResource(reply, 'request', (request) => ({ ...request, body: prettyPrinted((resource as LoggedRequest).body) }))
        : reply,
  },
});
