import { fault } from '../patch.ts';
import { internalError } from '../responses.ts';

export default fault({
  name: 'chaos-limit-500',
  breaks: 'GEN-NO-5XX',
  description: 'a percentageFailures outside 0 to 100 is answered 500 instead of 400',
  patch: {
    // a percentageFailures found outside its limits is the server's trouble instead, whatever else the body breaks
    reply: (call, reply) =>
      call.operation === 'updateChaosSettings' &&
      call.problems?.some((p) => p.pointer === '/chaos/percentageFailures' && (p.keyword === 'minimum' || p.keyword === 'maximum'))
        ? internalError()
        : reply,
  },
});
