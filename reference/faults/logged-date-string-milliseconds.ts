import { changeResource, fault } from '../patch.ts';
import type { LoggedRequest } from '../store.ts';

export default fault({
  name: 'logged-date-string-milliseconds',
  breaks: 'LR-DATE-FORMAT',
  description: 'loggedDateString carries milliseconds: the same instant, but not second precision',
  patch: {
    reply: (call, reply, resource) =>
      call.operation === 'getLoggedRequest' && resource !== undefined
        ? changeResource(reply, 'request', (request) => ({ ...request, loggedDateString: new Date((resource as LoggedRequest).loggedDate).toISOString() }))
        : reply,
  },
});
