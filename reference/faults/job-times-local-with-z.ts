import type { Json } from '../../contract/schemas.ts';
import { shiftedTimestamp } from '../clock.ts';
import { changeResource, fault } from '../patch.ts';

/** The offset of a deployment an hour east of UTC (the nearest a zone stands) that writes its local time with a Z. */
const AN_HOUR_MS = 3_600_000;

/** The same timestamp an hour later, its fraction of a second kept as it was written. */
const localWithZ = (text: Json): Json => (typeof text === 'string' ? shiftedTimestamp(text, AN_HOUR_MS) : text);

export default fault({
  name: 'job-times-local-with-z',
  breaks: 'JOB-TIMES-NOW',
  description:
    "a pushed job's started and finished are local time an hour east of UTC, written with a Z: an hour after the Date of the answer that reports them (their form, order and elapsed are right)",
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
