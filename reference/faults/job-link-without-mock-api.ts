import { changeResource, fault } from '../patch.ts';

export default fault({
  name: 'job-link-without-mock-api',
  breaks: 'JOB-LINKS',
  statement: 'JOB.links',
  description: 'links.self of the job is /v1/jobs/<job_id>, without the mock API',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => ({ ...job, links: { ...(job.links as Record<string, string>), self: `/v1/jobs/${String(job.id)}` } }))
        : reply,
  },
});
