import type { Json } from '../../contract/schemas.ts';
import { changeResource, fault } from '../patch.ts';

/** The offset of a deployment two hours east of UTC that writes its local time with a Z. */
const TWO_HOURS_MS = 2 * 3_600_000;

/** The same timestamp two hours later, its fraction of a second kept as it was written. */
function localWithZ(text: Json): Json {
  if (typeof text !== 'string') return text;
  const seconds = new Date(Date.parse(`${text.slice(0, 19)}Z`) + TWO_HOURS_MS).toISOString().slice(0, 19);
  return seconds + text.slice(19);
}

export default fault({
  name: 'job-times-local-with-z',
  breaks: 'JOB-TIMES-NOW',
  description: "a pushed job's started and finished are local time two hours east of UTC, written with a Z (their form, order and elapsed are right)",
  patch: {
    reply: (call, reply) =>
      call.operation === 'pushOpenApiToGit'
        ? changeResource(reply, 'job', (job) => ({
            ...job,
            started: localWithZ(job.started!),
            ...(job.finished === undefined ? {} : { finished: localWithZ(job.finished) }),
          }))
        : reply,
  },
});
