import { changeResource, fault, isObject } from '../patch.ts';

export default fault({
  name: 'job-error-code-string',
  breaks: 'JOB-OUTCOME',
  statement: 'JOB.outcome',
  description: 'the error entries of the job outcome carry code as a string',
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => {
            const { outcome } = job;
            if (!isObject(outcome) || !Array.isArray(outcome.errors)) return job;
            const errors = outcome.errors.map((error) => (isObject(error) ? { ...error, code: String(error.code) } : error));
            return { ...job, outcome: { ...outcome, errors } };
          })
        : reply,
  },
});
