import { randomUUID } from 'node:crypto';
import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-link-other-job-id',
  breaks: 'JOB-LINKS',
  description: "links.self of the job names another job id than the job's",
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            const links = job.links as Record<string, string>;
            return { ...job, links: { ...links, self: links.self!.replace(String(job.id), randomUUID()) } };
          })
        : reply,
  },
});
