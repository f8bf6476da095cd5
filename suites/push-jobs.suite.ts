// Push OpenAPI document to Git (Endpoints; Resources > Job). One push per run, and only with the user's
// consent and value (MOCKAPI_PUSH_POLICY): it starts a background job that writes to the mock API's
// connected Git repository, if it has one, and the interface names no allowed value of outOfSyncPolicy.
// Each check reads the same job.
import { check, client, shared, target, type CheckContext } from '../src/check.ts';
import type { Exchange } from '../src/client.ts';
import { allowedValues } from '../src/allowed-values.ts';
import { expectEnvelope, expectRejected, expectSuccess, wrappedResource } from '../src/checker.ts';
import { compareInstants, durationSeconds, parseUtcTimestamp, isIsoDuration } from '../src/iso8601.ts';
import { schema } from '../contract/schemas.ts';
import { format, pathOf, pushBody } from '../src/support.ts';
import { pushProperties } from '../properties/resources.ts';

const options = { operation: 'pushOpenApiToGit' as const, needs: ['mockApiId' as const], writes: true, pushes: true };
const push = shared(() => client().send({ method: 'PUT', path: pathOf('pushOpenApiToGit', { mockApiId: target().fixtures.mockApiId! }), json: pushBody(target()) }));

const refused = (ex: Exchange) => ex.status >= 400 && ex.status < 500;

/** The push answer; a refused push (4xx) started no job, so a check of the job ends skipped and PUSH-STATUS says why. */
async function pushed(t: CheckContext): Promise<Exchange> {
  const ex = t.uses(await push());
  if (refused(ex)) t.cannotJudge(`the push was refused (status ${ex.status}), so no job came back to judge; PUSH-STATUS says why`);
  return ex;
}

/** The job of the push answer whatever its status, so that a wrong status does not hide the job's fields. */
const job = async (t: CheckContext) => wrappedResource(t, await pushed(t), 'job', 'PUSH-RESPONSE');

/**
 * A refused push, in full, with what to do: a 404 most likely means the mock API is not there; a refused
 * body (400, 422), the user's value, with the values the deployment lists if it lists them.
 */
function refusal(ex: Exchange, policy: string | undefined, mockApiId: string): string {
  const allowed = allowedValues(ex);
  const body = ex.text.length > 1000 ? `${ex.text.slice(0, 1000)}…` : ex.text || 'empty body';
  const advice =
    ex.status === 404
      ? `; does MOCKAPI_MOCK_API_ID (${JSON.stringify(mockApiId)}) name a mock API of this deployment? A push to one that is not there is answered 404`
      : allowed
        ? `; the deployment lists the allowed values: ${allowed.join(', ')} (set MOCKAPI_PUSH_POLICY to one of them)`
        : ex.status === 400 || ex.status === 422
          ? `; if the deployment does not accept ${JSON.stringify(policy)}, set MOCKAPI_PUSH_POLICY to a value it does`
          : '';
  return `${ex.status} (${ex.headers['content-type'] ?? 'no Content-Type'}) ${body}${advice}`;
}

check('push-jobs/push-202', 'PUSH-STATUS', 'push answers 202', options, async (t) => {
  const ex = t.uses(await push());
  const policy = t.target.pushPolicy;
  t.expect(ex.status === 202, 'PUSH-STATUS', `status 202 to a push with outOfSyncPolicy ${JSON.stringify(policy)} (MOCKAPI_PUSH_POLICY)`, () => (refused(ex) ? refusal(ex, policy, t.fixture('mockApiId')) : `status ${ex.status}`));
});

check('push-jobs/push-job-job', 'PUSH-RESPONSE', 'push answers with { job: <Job> }', options, async (t) => {
  expectSuccess(t, 'pushOpenApiToGit', await pushed(t), { anySuccessStatus: true });
});

check('push-jobs/pushopenapitogit-answer-wraps-resource-job', 'GEN-WRAP-RESPONSE', 'pushOpenApiToGit: the answer wraps the resource in "job"', options, async (t) => {
  expectEnvelope(t, 'pushOpenApiToGit', await pushed(t));
});

check('push-jobs/job-push-has-jobtype-string-open', 'JOB-TYPE', 'the job of a push has a jobType string (open-api-git-pull is the value the interface names; others are open)', options, async (t) => {
  const j = await job(t);
  if (!t.expect(typeof j.jobType === 'string', 'JOB-TYPE', 'jobType a string', () => JSON.stringify(j.jobType))) return;
  t.note(j.jobType === 'open-api-git-pull' ? 'jobType "open-api-git-pull", the value the interface names' : `jobType ${JSON.stringify(j.jobType)}: a value the interface does not name, which it leaves open`);
  t.note(`job status ${JSON.stringify(j.status)}`);
});

check('push-jobs/started-iso-8601-utc-timestamp-nanosecond', 'JOB-STARTED', 'started is an ISO 8601 UTC timestamp with nanosecond precision', options, async (t) => {
  const j = await job(t);
  t.expect(format('utcTimestampNanos')(j.started) === true && parseUtcTimestamp(String(j.started)) !== undefined, 'JOB-STARTED', 'an ISO 8601 UTC timestamp of a real date with nine decimal digits of the second', () => JSON.stringify(j.started));
});

check('push-jobs/finished-when-present-iso-8601-utc', 'JOB-FINISHED', 'finished, when present, is an ISO 8601 UTC timestamp', options, async (t) => {
  const j = await job(t);
  if (!('finished' in j)) {
    t.note(`no finished (status ${JSON.stringify(j.status)}): present only once the job has finished`);
    return;
  }
  t.expect(format('utcTimestamp')(j.finished) === true && parseUtcTimestamp(String(j.finished)) !== undefined, 'JOB-FINISHED', 'an ISO 8601 UTC timestamp of a real date', () => JSON.stringify(j.finished));
});

check('push-jobs/elapsed-iso-8601-duration', 'JOB-ELAPSED', 'elapsed is an ISO 8601 duration', options, async (t) => {
  const j = await job(t);
  t.expect(typeof j.elapsed === 'string' && isIsoDuration(j.elapsed), 'JOB-ELAPSED', 'an ISO 8601 duration such as PT0.25S', () => JSON.stringify(j.elapsed));
});

/** How far elapsed may stray from finished − started: a job's clock and its timestamps are read at different moments. */
const ELAPSED_TOLERANCE_S = 1;

check('push-jobs/finished-not-before-started', 'JOB-TIMES', 'finished is not before started', options, async (t) => {
  const j = await job(t);
  const started = typeof j.started === 'string' ? parseUtcTimestamp(j.started) : undefined;
  const finished = typeof j.finished === 'string' ? parseUtcTimestamp(j.finished) : undefined;
  if (!started || !finished) {
    t.note(`nothing to compare: started ${JSON.stringify(j.started)}, finished ${JSON.stringify(j.finished)} (JOB-STARTED and JOB-FINISHED judge their formats)`);
    return;
  }
  t.expect(compareInstants(finished, started) >= 0, 'JOB-TIMES', `finished at or after started (${j.started})`, () => `finished ${j.finished}`);
});

check('push-jobs/elapsed-agrees-time-started-finished', 'JOB-TIMES', 'elapsed agrees with the time from started to finished', options, async (t) => {
  const j = await job(t);
  const started = typeof j.started === 'string' ? parseUtcTimestamp(j.started) : undefined;
  const finished = typeof j.finished === 'string' ? parseUtcTimestamp(j.finished) : undefined;
  const elapsed = typeof j.elapsed === 'string' ? durationSeconds(j.elapsed) : undefined;
  if (!started || !finished || elapsed === undefined) {
    t.note(`nothing to compare: started ${JSON.stringify(j.started)}, finished ${JSON.stringify(j.finished)}, elapsed ${JSON.stringify(j.elapsed)} (a running job has no finished; a duration in years or months has no fixed length)`);
    return;
  }
  const span = (finished.epochMs - started.epochMs) / 1000;
  t.expect(Math.abs(elapsed - span) <= ELAPSED_TOLERANCE_S, 'JOB-TIMES', `elapsed within ${ELAPSED_TOLERANCE_S} s of ${span} s, the time from started to finished`, () => `elapsed ${j.elapsed} (${elapsed} s)`);
});

check('push-jobs/links-self-built-mock-api-id-job', 'JOB-LINKS', 'links.self is built from the mock API id and the job id', options, async (t) => {
  const j = await job(t);
  const link = `/v1/mock-apis/${t.fixture('mockApiId')}/jobs/${j.id}`;
  if (t.target.profile === 'live') {
    t.expect(j.links?.self === link, 'JOB-LINKS', `links.self = ${link}`, () => `links.self = ${JSON.stringify(j.links?.self)}`);
    return;
  }
  // a mock's job is an example: its link must still be built from its own id, under some mock API
  const self = j.links?.self;
  t.expect(typeof self === 'string' && /^\/v1\/mock-apis\/[^/]+\/jobs\//.test(self) && self.endsWith(`/jobs/${j.id}`), 'JOB-LINKS', `links.self = /v1/mock-apis/<mock_api_id>/jobs/${j.id}`, () => `links.self = ${JSON.stringify(self)}`);
});

check('push-jobs/outcome-when-present-has-errorcode-error', 'JOB-OUTCOME', 'outcome, when present, has errorCode and error entries with code, title and detail', options, async (t) => {
  const j = await job(t);
  if (!('outcome' in j)) {
    t.note(`no outcome (status ${JSON.stringify(j.status)})`);
    return;
  }
  const validate = schema('job.json#/properties/outcome');
  t.expect(validate(j.outcome) === true, 'JOB-OUTCOME', 'outcome { errorCode: string, errors: [{ code: integer, title: string, detail: string }] }', () => `${JSON.stringify(validate.errors?.map((e) => `${e.instancePath} ${e.message}`))} in ${JSON.stringify(j.outcome).slice(0, 300)}`);
  t.note(`outcome.errorCode ${JSON.stringify(j.outcome?.errorCode)}`);
});

check('push-jobs/outofsyncpolicy-number-rejected', 'PUSH-TYPES', 'an outOfSyncPolicy that is a number is rejected', options, async (t) => {
  const ex = await t.send({ method: 'PUT', path: pathOf('pushOpenApiToGit', { mockApiId: t.fixture('mockApiId') }), json: { push: { outOfSyncPolicy: 42 } } });
  expectRejected(t, ex, 'PUSH-TYPES', 'outOfSyncPolicy 42');
});

pushProperties();
