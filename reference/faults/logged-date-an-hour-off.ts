import { changeResource, fault } from '../patch.ts';

const HOUR_MS = 3_600_000;

export default fault({
  name: 'logged-date-an-hour-off',
  breaks: 'LR-DATE',
  description: 'loggedDate is one hour later than loggedDateString',
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => ({ ...request, loggedDate: Number(request.loggedDate) + HOUR_MS }))
        : reply,
  },
});
