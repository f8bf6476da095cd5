import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-response-unwrapped',
  breaks: 'GEN-WRAP-RESPONSE',
  alsoBreaks: { 'PUSH-RESPONSE': 'the statement itself is that the body is { job: <Job> }' },
  description: 'the push answers the job unwrapped, without {"job": ...}',
  patch: {
    reply: (call, reply) => (call.operation === 'pushOpenApiToGit' ? changeResource(reply, undefined, (body) => body.job!) : reply),
  },
});
