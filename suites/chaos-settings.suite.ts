// Update chaos settings (Endpoints; Resources > Chaos settings; Limits). Every body sent leaves chaos
// switched off (see harmlessChaos), so a user's mock API never starts failing because of a run.
import { check, client, shared, target, type CheckContext } from '../src/check.ts';
import { describe, expectEnvelope, expectRejected, expectSuccess, wrappedResource } from '../src/contract/checker.ts';
import type { RequirementId } from '../src/requirements.ts';
import { expectChaosEcho } from '../src/contract/echo.ts';
import { chaosProperties } from '../properties/settings.ts';
import { harmlessChaos, pathOf, quietChaos, quietIfTaken } from './support.ts';

const options = { needs: ['mockApiId' as const], writes: true };
const STATE = "a mock keeps no state: it answers with the description's examples";
const put = (t: CheckContext, json: unknown, raw?: string) =>
  t.send({ method: 'PUT', path: pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') }), ...(raw !== undefined ? { raw } : { json }) });

const update = shared(() => client().send({ method: 'PUT', path: pathOf('updateChaosSettings', { mockApiId: target().fixtures.mockApiId! }), json: harmlessChaos() }));

check('CHAOS-STATUS', 'updating the chaos settings answers 200', options, async (t) => {
  const ex = t.uses(await update());
  t.expect(ex.status === 200, 'CHAOS-STATUS', 'status 200', () => `status ${ex.status}`);
});

check('CHAOS-RESPONSE', 'the answer is { chaos: <Chaos settings> }', options, async (t) => {
  expectSuccess(t, 'updateChaosSettings', t.uses(await update()), { anySuccessStatus: true });
});

check('GEN-WRAP-RESPONSE', 'updateChaosSettings: the answer wraps the resource in "chaos"', options, async (t) => {
  expectEnvelope(t, 'updateChaosSettings', t.uses(await update()));
});

check('CHAOS-ECHO', 'the answer holds every field sent with the value sent', { ...options, live: STATE }, async (t) => {
  expectChaosEcho(t, 'CHAOS-ECHO', harmlessChaos().chaos, wrappedResource(t, await update(), 'chaos', 'CHAOS-ECHO'));
});

const accepted = (id: RequirementId, title: string, chaos: Record<string, unknown>, field: string) =>
  check(id, title, options, async (t) => {
    const body = { chaos: { ...harmlessChaos().chaos, ...chaos } };
    const ex = await put(t, body);
    // a value within the limits that is not accepted breaks the limit's statement, whatever the status
    if (!t.expect(ex.status >= 200 && ex.status < 300, id, `${JSON.stringify(chaos)} accepted (a 2xx)`, () => describe(ex))) return;
    const answer = expectSuccess(t, 'updateChaosSettings', ex);
    if (answer && t.target.profile === 'live') expectChaosEcho(t, id, { [field]: chaos[field] }, answer.chaos);
  });

/** A body that must be refused, on quiet settings when it breaks chaos.enabled itself; put back quiet if taken. */
const rejected = (id: RequirementId, title: string, chaos: Record<string, unknown>, what: string) =>
  check(id, title, options, async (t) => {
    const base = 'enabled' in chaos ? quietChaos() : harmlessChaos();
    const ex = await put(t, { chaos: { ...base.chaos, ...chaos } });
    await quietIfTaken(t, pathOf('updateChaosSettings', { mockApiId: t.fixture('mockApiId') }), ex);
    expectRejected(t, ex, id, what);
  });

accepted('CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 0 (the lower limit) is accepted', { percentageFailures: 0 }, 'percentageFailures');
accepted('CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 100 (the upper limit) is accepted', { percentageFailures: 100 }, 'percentageFailures');
accepted('CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 33.3 (a double) is accepted', { percentageFailures: 33.3 }, 'percentageFailures');
rejected('CHAOS-PERCENTAGE-LIMIT', 'percentageFailures -0.001 (below 0) is rejected', { percentageFailures: -0.001 }, 'percentageFailures -0.001');
rejected('CHAOS-PERCENTAGE-LIMIT', 'percentageFailures 100.001 (above 100) is rejected', { percentageFailures: 100.001 }, 'percentageFailures 100.001');

accepted('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 400 (the lower limit) is accepted', { httpErrors: [{ status: 400 }] }, 'httpErrors');
accepted('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 599 (the upper limit) is accepted', { httpErrors: [{ status: 599 }] }, 'httpErrors');
rejected('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 399 (below 400) is rejected', { httpErrors: [{ status: 399 }] }, 'httpErrors status 399');
rejected('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 600 (above 599) is rejected', { httpErrors: [{ status: 600 }] }, 'httpErrors status 600');
rejected('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 400.5 (not an integer) is rejected', { httpErrors: [{ status: 400.5 }] }, 'httpErrors status 400.5');
// the limits hold for every item, not only the first
rejected('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 600 after a valid one is rejected', { httpErrors: [{ status: 500 }, { status: 600 }] }, 'httpErrors [500, 600]');
rejected('CHAOS-HTTP-STATUS-LIMIT', 'httpErrors status 399 after a valid one is rejected', { httpErrors: [{ status: 503 }, { status: 399 }] }, 'httpErrors [503, 399]');

rejected('CHAOS-TYPES', 'percentageFailures as a string is rejected', { percentageFailures: '50' }, 'percentageFailures "50"');
rejected('CHAOS-TYPES', 'enabled as a string is rejected', { enabled: 'false' }, 'enabled "false"');
rejected('CHAOS-TYPES', 'socketClose as a boolean instead of an object is rejected', { socketClose: false }, 'socketClose false');
rejected('CHAOS-TYPES', 'longDelay.durationMillis 1.5 (not an integer) is rejected', { longDelay: { enabled: false, durationMillis: 1.5 } }, 'durationMillis 1.5');
rejected('CHAOS-TYPES', 'httpErrors as an object instead of an array is rejected', { httpErrors: { status: 500 } }, 'httpErrors {status: 500}');

chaosProperties();
