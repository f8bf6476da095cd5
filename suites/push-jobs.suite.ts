// Push OpenAPI document to Git (Endpoints; Resources > Job). One push per run, and only with the user's
// consent and value (MOCKAPI_PUSH_POLICY): it starts a background job that writes to the mock API's
// connected Git repository, if it has one, and the interface names no allowed value of outOfSyncPolicy.
// Each check reads the same job.
import { CHANGES_NOTHING, check, type CheckDefinition, shared, type CheckContext, type Target } from '../src/harness/check.ts';
import type { Exchange } from '../src/http/client.ts';
import { allowedValues } from '../src/judge/allowed-values.ts';
import { expectEnvelope, expectRejected, expectSuccess, wrappedResource } from '../src/judge/checker.ts';
import {
  jobElapsed,
  jobElapsedAgrees,
  jobFinished,
  jobFinishedNotBeforeStarted,
  jobFinishedPresent,
  jobFinishedStage,
  jobLinks,
  jobOutcome,
  jobStarted,
  jobTimesNow,
  jobType,
} from '../src/judge/fields.ts';
import { pathOf, pushBody } from '../src/harness/support.ts';
import { invalidKinds, invalidPush } from '../properties/arbitraries.ts';
import { expectInvalidRejected, sendInvalid } from '../properties/bodies.ts';
import { property } from '../properties/property.ts';

const options = { operation: 'pushOpenApiToGit' as const, needs: ['mockApiId' as const], writes: true, pushes: true };
const push = shared(({ client, target }) =>
  client.send({ method: 'PUT', path: pathOf('pushOpenApiToGit', { mockApiId: target.fixtures.mockApiId! }), json: pushBody(target) }),
);

const refused = (ex: Exchange) => ex.status >= 400 && ex.status < 500;

/** The push answer; a refused push (4xx) started no job, so a check of the job ends skipped and PUSH-STATUS says why. */
async function pushed(t: CheckContext): Promise<Exchange> {
  const ex = t.uses(await push(t));
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

export const checks: CheckDefinition[] = [
  check('push-jobs/push-202', 'PUSH-STATUS', 'push answers 202', options, async (t) => {
    const ex = t.uses(await push(t));
    const policy = t.target.pushPolicy;
    t.expect(ex.status === 202, 'PUSH-STATUS', `status 202 to a push with outOfSyncPolicy ${JSON.stringify(policy)} (MOCKAPI_PUSH_POLICY)`, () =>
      refused(ex) ? refusal(ex, policy, t.fixture('mockApiId')) : `status ${ex.status}`,
    );
  }),

  check('push-jobs/push-job-job', 'PUSH-RESPONSE', 'push answers with { job: <Job> }', options, async (t) => {
    expectSuccess(t, 'pushOpenApiToGit', await pushed(t), { anySuccessStatus: true });
  }),

  check(
    'push-jobs/pushopenapitogit-answer-wraps-resource-job',
    'GEN-WRAP-RESPONSE',
    'pushOpenApiToGit: the answer wraps the resource in "job"',
    options,
    async (t) => {
      expectEnvelope(t, 'pushOpenApiToGit', await pushed(t));
    },
  ),

  check(
    'push-jobs/job-push-has-jobtype-string-open',
    'JOB-TYPE',
    'the job of a push has a jobType string (open-api-git-pull is the value the interface names; others are open)',
    options,
    async (t) => {
      jobType(t, await job(t));
    },
  ),

  check(
    'push-jobs/started-iso-8601-utc-timestamp-nanosecond',
    'JOB-STARTED',
    'started is an ISO 8601 UTC timestamp with nanosecond precision',
    options,
    async (t) => {
      jobStarted(t, await job(t));
    },
  ),

  check('push-jobs/finished-when-present-iso-8601-utc', 'JOB-FINISHED', 'finished, when present, is an ISO 8601 UTC timestamp', options, async (t) => {
    jobFinished(t, await job(t));
  }),

  check('push-jobs/finished-present-job-status-error', 'JOB-FINISHED-PRESENT', 'finished is present on a job with status ERROR', options, async (t) =>
    jobFinishedPresent(t, await job(t)),
  ),

  check('push-jobs/finished-follows-stage-status-says', 'JOB-FINISHED-STAGE', 'finished follows the stage the status says', options, async (t) =>
    jobFinishedStage(t, await job(t)),
  ),

  check('push-jobs/elapsed-iso-8601-duration', 'JOB-ELAPSED', 'elapsed is an ISO 8601 duration', options, async (t) => {
    jobElapsed(t, await job(t));
  }),

  check('push-jobs/finished-not-before-started', 'JOB-TIMES', 'finished is not before started', options, async (t) => {
    jobFinishedNotBeforeStarted(t, await job(t));
  }),

  check('push-jobs/elapsed-agrees-time-started-finished', 'JOB-TIMES', 'elapsed agrees with the time from started to finished', options, async (t) => {
    jobElapsedAgrees(t, await job(t));
  }),

  check(
    'push-jobs/started-finished-time-push',
    'JOB-TIMES-NOW',
    "started and finished are the time of the push: within 15 minutes of the answer's Date header",
    { ...options, live: "a mock answers with the example's times" },
    async (t) => {
      jobTimesNow(t, await job(t), await pushed(t));
    },
  ),

  check('push-jobs/links-self-built-mock-api-id-job', 'JOB-LINKS', 'links.self is built from the mock API id and the job id', options, async (t) => {
    jobLinks(t, await job(t), t.fixture('mockApiId'));
  }),

  check(
    'push-jobs/outcome-when-present-has-errorcode-error',
    'JOB-OUTCOME',
    'outcome, when present, has errorCode and error entries with code, title and detail',
    options,
    async (t) => {
      jobOutcome(t, await job(t));
    },
  ),

  check(
    'push-jobs/outofsyncpolicy-number-rejected',
    'PUSH-TYPES',
    'an outOfSyncPolicy that is a number is rejected',
    { ...options, overlaps: CHANGES_NOTHING },
    async (t) => {
      const ex = await t.send({
        method: 'PUT',
        path: pathOf('pushOpenApiToGit', { mockApiId: t.fixture('mockApiId') }),
        json: { push: { outOfSyncPolicy: 42 } },
      });
      expectRejected(t, ex, 'PUSH-TYPES', 'outOfSyncPolicy 42');
    },
  ),

  property(
    'push-jobs/generated-malformed-push-bodies-rejected',
    'PUSH-TYPES',
    'generated malformed push bodies are rejected (no job is started)',
    // made of the run's target when the check runs, around the user's policy
    { ...options, overlaps: CHANGES_NOTHING, examples: (t: Target) => invalidKinds('pushOpenApiToGit', t.pushPolicy ?? '') },
    (t: Target) => invalidPush(t.pushPolicy ?? ''),
    async (t, inv) => {
      expectInvalidRejected(t, 'pushOpenApiToGit', inv, await sendInvalid(t, pathOf('pushOpenApiToGit', { mockApiId: t.fixture('mockApiId') }), inv));
    },
  ),
];
