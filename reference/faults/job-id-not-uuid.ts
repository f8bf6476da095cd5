import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-id-not-uuid',
  breaks: 'PUSH-RESPONSE',
  statement: 'JOB.id',
  description: 'the job answered by the push has the id job-<number>, which is not UUID-shaped (its self link names the same id)',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            const id = `job-${String(job.id).replace(/\D/g, '').slice(0, 8)}`;
            const links = job.links as Record<string, string>;
            return { ...job, id, links: { ...links, self: links.self!.replace(String(job.id), id) } };
          })
        : reply,
  },
});
