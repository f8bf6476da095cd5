// Update chaos settings (Endpoints; Resources > Chaos settings; Limits). Every body sent leaves chaos
// switched off (see harmlessChaos), so a user's mock API never starts failing because of a run.
import { CHANGES_NOTHING, check, type CheckDefinition, KEEPS_NO_STATE, shared, type CheckContext } from '../src/harness/check.ts';
import { describe, expectEnvelope, expectRejected, expectSuccess, expectValidAcceptedOrOpen, mayRequire, wrappedResource } from '../src/judge/checker.ts';
import type { RequirementId } from '../contract/requirements.ts';
import type { Exchange } from '../src/http/client.ts';
import { expectChaosEcho } from '../src/judge/echo.ts';
import {
  chaosRequest,
  invalidChaos,
  invalidKinds,
  missingChaosField,
  VALID_CHAOS_KINDS,
  VALID_CHAOS_VALUES,
  validChaos,
  wholeChaos,
} from '../properties/arbitraries.ts';
import { expectInvalidRejected, sendInvalid } from '../properties/bodies.ts';
import { modelCheck } from '../properties/model.ts';
import { property } from '../properties/property.ts';
import { echoSteps } from '../properties/sequences.ts';
import { harmlessChaos, pathOf, quietChaos, quietIfTaken, refusedForItsDelay } from '../src/harness/support.ts';

const options = { operation: 'updateChaosSettings' as const, needs: ['mockApiId' as const], writes: true };
const put = (t: CheckContext, json: unknown, raw?: string) =>
  t.send({ method: 'PUT', path: pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') }), ...(raw !== undefined ? { raw } : { json }) });

const update = shared(({ client, target }) =>
  client.send({ method: 'PUT', path: pathOf('updateChaosSettings', { mockApiId: target.fixtures.mockApiId! }), json: harmlessChaos() }),
);

/**
 * A valid chaos body sent: accepted, or refused where the words leave it open (`open`: for its delay, or for a field
 * it leaves out), and echoed, by a live deployment only (a mock answers with the description's example).
 */
async function validSent(
  t: CheckContext,
  body: { chaos: Record<string, unknown> },
  open: (path: string, ex: Exchange) => Promise<string | undefined> | string,
): Promise<void> {
  const path = pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') });
  const ex = await t.send({ method: 'PUT', path, ...chaosRequest(body) });
  const what = `the chaos settings ${ex.requestBody?.toString('utf8').slice(0, 256)}`;
  if (!expectValidAcceptedOrOpen(t, ex, 'CHAOS-VALUES', what, await open(path, ex))) return;
  const answer = expectSuccess(t, 'updateChaosSettings', ex);
  if (answer && t.target.profile === 'live') expectChaosEcho(t, 'CHAOS-ECHO', body.chaos, answer.chaos);
}

const accepted = (checkId: string, id: RequirementId, title: string, chaos: Record<string, unknown>, field: string) =>
  check(checkId, id, title, options, async (t) => {
    const body = { chaos: { ...harmlessChaos().chaos, ...chaos } };
    const ex = await put(t, body);
    // a value within the limits that is not accepted breaks the limit's statement, whatever the status
    if (!t.expect(ex.status >= 200 && ex.status < 300, id, `${JSON.stringify(chaos)} accepted (a 2xx)`, () => describe(ex))) return;
    const answer = expectSuccess(t, 'updateChaosSettings', ex);
    if (answer && t.target.profile === 'live') expectChaosEcho(t, id, { [field]: chaos[field] }, answer.chaos);
  });

/** A body that must be refused, on quiet settings when it breaks chaos.enabled itself; put back quiet if taken. */
const rejected = (checkId: string, id: RequirementId, title: string, chaos: Record<string, unknown>, what: string) =>
  check(checkId, id, title, { ...options, overlaps: CHANGES_NOTHING }, async (t) => {
    const base = 'enabled' in chaos ? quietChaos() : harmlessChaos();
    const ex = await put(t, { chaos: { ...base.chaos, ...chaos } });
    await quietIfTaken(t, pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') }), ex);
    expectRejected(t, ex, id, what);
  });

/** Generated invalid chaos settings of the kinds `keep` takes: one of each kind first (invalidKinds), then generated ones. */
function generatedRejected(checkId: string, id: RequirementId, title: string, keep: (pointer: string, rule: string) => boolean): CheckDefinition {
  return property(
    checkId,
    id,
    title,
    { ...options, overlaps: CHANGES_NOTHING, examples: () => invalidKinds('updateChaosSettings').filter((i) => keep(i.pointer, i.rule)) },
    invalidChaos.filter((i) => keep(i.pointer, i.rule)),
    async (t, inv) => {
      const path = pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') });
      const ex = await sendInvalid(t, path, inv);
      await quietIfTaken(t, path, ex);
      expectInvalidRejected(t, 'updateChaosSettings', inv, ex);
    },
  );
}

export const checks: CheckDefinition[] = [
  check('chaos-settings/updating-chaos-settings-200', 'CHAOS-STATUS', 'updating the chaos settings answers 200', options, async (t) => {
    const ex = t.uses(await update(t));
    t.expect(ex.status === 200, 'CHAOS-STATUS', 'status 200', () => `status ${ex.status}`);
  }),

  check('chaos-settings/answer-chaos-chaos-settings', 'CHAOS-RESPONSE', 'the answer is { chaos: <Chaos settings> }', options, async (t) => {
    expectSuccess(t, 'updateChaosSettings', t.uses(await update(t)), { anySuccessStatus: true });
  }),

  check(
    'chaos-settings/updatechaossettings-answer-wraps-resource-chaos',
    'GEN-WRAP-RESPONSE',
    'updateChaosSettings: the answer wraps the resource in "chaos"',
    options,
    async (t) => {
      expectEnvelope(t, 'updateChaosSettings', t.uses(await update(t)));
    },
  ),

  check(
    'chaos-settings/answer-holds-field-sent-value-sent',
    'CHAOS-ECHO',
    'the answer holds every field sent with the value sent',
    { ...options, live: KEEPS_NO_STATE },
    async (t) => {
      expectChaosEcho(t, 'CHAOS-ECHO', harmlessChaos().chaos, wrappedResource(t, await update(t), 'chaos', 'CHAOS-ECHO'));
    },
  ),

  accepted(
    'chaos-settings/percentagefailures-0-lower-limit-accepted',
    'CHAOS-PERCENTAGE-LIMIT',
    'percentageFailures 0 (the lower limit) is accepted',
    { percentageFailures: 0 },
    'percentageFailures',
  ),
  accepted(
    'chaos-settings/percentagefailures-100-upper-limit-accepted',
    'CHAOS-PERCENTAGE-LIMIT',
    'percentageFailures 100 (the upper limit) is accepted',
    { percentageFailures: 100 },
    'percentageFailures',
  ),
  accepted(
    'chaos-settings/percentagefailures-33-3-double-accepted',
    'CHAOS-PERCENTAGE-LIMIT',
    'percentageFailures 33.3 (a double) is accepted',
    { percentageFailures: 33.3 },
    'percentageFailures',
  ),
  check(
    'chaos-settings/values-every-notation-past-32-bits-accepted',
    'CHAOS-VALUES',
    'percentageFailures in every JSON notation and a durationMillis past 32 bits are accepted and echoed',
    { ...options, requests: 2 * VALID_CHAOS_VALUES.length },
    async (t) => {
      for (const body of VALID_CHAOS_VALUES) await validSent(t, body, (path, ex) => refusedForItsDelay(t, path, ex));
    },
  ),
  rejected(
    'chaos-settings/percentagefailures-0-001-below-0-rejected',
    'CHAOS-PERCENTAGE-LIMIT',
    'percentageFailures -0.001 (below 0) is rejected',
    { percentageFailures: -0.001 },
    'percentageFailures -0.001',
  ),
  rejected(
    'chaos-settings/percentagefailures-100-001-above-100-rejected',
    'CHAOS-PERCENTAGE-LIMIT',
    'percentageFailures 100.001 (above 100) is rejected',
    { percentageFailures: 100.001 },
    'percentageFailures 100.001',
  ),

  accepted(
    'chaos-settings/httperrors-status-400-lower-limit-accepted',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 400 (the lower limit) is accepted',
    { httpErrors: [{ status: 400 }] },
    'httpErrors',
  ),
  accepted(
    'chaos-settings/httperrors-status-599-upper-limit-accepted',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 599 (the upper limit) is accepted',
    { httpErrors: [{ status: 599 }] },
    'httpErrors',
  ),
  rejected(
    'chaos-settings/httperrors-status-399-below-400-rejected',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 399 (below 400) is rejected',
    { httpErrors: [{ status: 399 }] },
    'httpErrors status 399',
  ),
  rejected(
    'chaos-settings/httperrors-status-600-above-599-rejected',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 600 (above 599) is rejected',
    { httpErrors: [{ status: 600 }] },
    'httpErrors status 600',
  ),
  rejected(
    'chaos-settings/httperrors-status-400-5-not-integer-rejected',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 400.5 (not an integer) is rejected',
    { httpErrors: [{ status: 400.5 }] },
    'httpErrors status 400.5',
  ),
  // the limits hold for every item, not only the first
  rejected(
    'chaos-settings/httperrors-status-600-after-valid-rejected',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 600 after a valid one is rejected',
    { httpErrors: [{ status: 500 }, { status: 600 }] },
    'httpErrors [500, 600]',
  ),
  rejected(
    'chaos-settings/httperrors-status-399-after-valid-rejected',
    'CHAOS-HTTP-STATUS-LIMIT',
    'httpErrors status 399 after a valid one is rejected',
    { httpErrors: [{ status: 503 }, { status: 399 }] },
    'httpErrors [503, 399]',
  ),

  rejected(
    'chaos-settings/percentagefailures-string-rejected',
    'CHAOS-TYPES',
    'percentageFailures as a string is rejected',
    { percentageFailures: '50' },
    'percentageFailures "50"',
  ),
  rejected('chaos-settings/enabled-string-rejected', 'CHAOS-TYPES', 'enabled as a string is rejected', { enabled: 'false' }, 'enabled "false"'),
  rejected(
    'chaos-settings/socketclose-boolean-instead-object-rejected',
    'CHAOS-TYPES',
    'socketClose as a boolean instead of an object is rejected',
    { socketClose: false },
    'socketClose false',
  ),
  rejected(
    'chaos-settings/longdelay-durationmillis-1-5-not-integer-rejected',
    'CHAOS-TYPES',
    'longDelay.durationMillis 1.5 (not an integer) is rejected',
    { longDelay: { enabled: false, durationMillis: 1.5 } },
    'durationMillis 1.5',
  ),
  rejected(
    'chaos-settings/httperrors-object-instead-array-rejected',
    'CHAOS-TYPES',
    'httpErrors as an object instead of an array is rejected',
    { httpErrors: { status: 500 } },
    'httpErrors {status: 500}',
  ),

  property(
    'chaos-settings/generated-valid-settings-echoed',
    'CHAOS-ECHO',
    'generated valid chaos settings are accepted, wrapped, schema-valid and echoed',
    { ...options, examples: () => VALID_CHAOS_KINDS },
    validChaos,
    async (t, body) => {
      const missing = missingChaosField(body);
      await validSent(t, body, (path, ex) => (missing === undefined ? refusedForItsDelay(t, path, ex) : mayRequire(missing)));
    },
  ),
  generatedRejected(
    'chaos-settings/generated-percentage-out-of-range-rejected',
    'CHAOS-PERCENTAGE-LIMIT',
    'generated percentageFailures past 0 or 100 (the nearest doubles included) are rejected',
    (p, r) => p === '/chaos/percentageFailures' && r !== 'wrong-type',
  ),
  generatedRejected(
    'chaos-settings/generated-http-errors-invalid-rejected',
    'CHAOS-HTTP-STATUS-LIMIT',
    'generated httpErrors items past 400 or 599, not integers, or of a wrong type, at every position, are rejected',
    (p) => p.startsWith('/chaos/httpErrors/'),
  ),
  generatedRejected(
    'chaos-settings/generated-wrong-types-rejected',
    'CHAOS-TYPES',
    'generated chaos fields of every wrong JSON type, at every depth, are rejected',
    (p, r) => (r === 'wrong-type' || r === 'non-integer') && p !== '/chaos' && !p.startsWith('/chaos/httpErrors/'),
  ),
  generatedRejected(
    'chaos-settings/generated-unwrapped-or-not-json-rejected',
    'GEN-WRAP-REQUEST',
    'generated bodies without a chaos object, or not JSON, are rejected',
    (p) => p === '/chaos' || p === '',
  ),
  modelCheck(
    'chaos-settings/sequences-echo',
    'CHAOS-ECHO',
    'sequences of chaos settings, earlier ones sent again (model-based): every answer shows what was just sent',
    { ...options, live: KEEPS_NO_STATE, perInput: 8, start: () => ({ sent: [] }) },
    echoSteps(
      'updateChaosSettings',
      // whole bodies: a sequence judges every answer, and a deployment may require every field
      wholeChaos,
      'chaos',
      (t, body, got) => expectChaosEcho(t, 'CHAOS-ECHO', body.chaos, got),
      'CHAOS-VALUES',
      refusedForItsDelay,
    ),
  ),
];
