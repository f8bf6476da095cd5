import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-started-millisecond-precision',
  breaks: 'JOB-STARTED',
  description: 'job.started has 3 fractional digits instead of 9',
  patch: {
    // the fraction cut (not rounded) to its first three digits, as isoTimestamp(ns, 3) writes it
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => ({ ...job, started: String(job.started).replace(/\.(\d{3})\d*Z$/, '.$1Z') }))
        : reply,
  },
});
