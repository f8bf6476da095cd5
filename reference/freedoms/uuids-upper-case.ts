import { changeResource, freedom } from '../patch.ts';

export default freedom({
  name: 'uuids-upper-case',
  bends: ['JOB.id', 'JOB.links', 'LR.id', 'ID.requestId'],
  description: "UUID-shaped ids in upper case: the push job's (in its link too) and the fixture logged request's",
  patch: {
    ids: (ids) => ({ ...ids, requestId: ids.requestId.toUpperCase() }),
    reply: (call, reply) => {
      if (call.operation !== 'pushOpenApiToGit') return reply;
      return changeResource(reply, 'job', (job) => {
        const id = String(job.id);
        const links = job.links as { self: string };
        return { ...job, id: id.toUpperCase(), links: { ...links, self: links.self.replace(id, id.toUpperCase()) } };
      });
    },
  },
});
