import { changeResource, fault } from '../patch.ts';

/** Whole milliseconds of an ISO 8601 duration in seconds as the deployment writes it (PT0.000183S). */
function milliseconds(duration: string): bigint {
  const [, whole = '0', fraction = ''] = /^PT(\d+)(?:\.(\d+))?S$/.exec(duration) ?? [];
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(9, '0').slice(0, 3));
}

export default fault({
  name: 'job-elapsed-milliseconds',
  breaks: 'JOB-ELAPSED',
  description: 'job.elapsed is written like "183ms" instead of an ISO 8601 duration',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit' ? changeResource(reply, 'job', (job) => ({ ...job, elapsed: `${milliseconds(String(job.elapsed))}ms` })) : reply,
  },
});
