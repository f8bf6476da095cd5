// Generated chaos and state settings (registered by suites/chaos-settings.suite.ts and
// suites/state-settings.suite.ts, after their hand-written checks, on the same fixture).
import { expectChaosEcho, expectEcho } from '../src/judge/echo.ts';
import { expectSuccess, expectValidAccepted, expectValidAcceptedOrOpen, mayRequire } from '../src/judge/checker.ts';
import { expandPath, operation } from '../contract/schemas.ts';
import {
  chaosRequest,
  invalidChaos,
  invalidKinds,
  invalidState,
  missingChaosField,
  VALID_CHAOS_KINDS,
  VALID_EXPRESSIONS,
  validChaos,
  validState,
} from './arbitraries.ts';
import { expectInvalidRejected, sendInvalid } from './bodies.ts';
import type { RequirementId } from '../contract/requirements.ts';
import { property } from './property.ts';
import { quietIfTaken, refusedForItsDelay } from '../src/harness/support.ts';
import { CHANGES_NOTHING, type CheckDefinition } from '../src/harness/check.ts';

const chaos = { operation: 'updateChaosSettings' as const, needs: ['mockApiId' as const], writes: true };
const state = { operation: 'updateStateSettings' as const, needs: ['mockApiId' as const], writes: true };
const chaosPath = (mockApiId: string) => expandPath(operation('updateChaosSettings').path, { mockApiId });
const statePath = (mockApiId: string) => expandPath(operation('updateStateSettings').path, { mockApiId });

/** Generated valid chaos settings: accepted, wrapped, schema-valid and echoed. */
function validChaosProperty(): CheckDefinition {
  return property(
    'chaos-settings/generated-valid-settings-echoed',
    'CHAOS-ECHO',
    'generated valid chaos settings are accepted, wrapped, schema-valid and echoed',
    { ...chaos, examples: () => VALID_CHAOS_KINDS },
    validChaos,
    async (t, body) => {
      const path = chaosPath(t.fixture('mockApiId'));
      const ex = await t.send({ method: 'PUT', path, ...chaosRequest(body) });
      const what = `the chaos settings ${ex.requestBody?.toString('utf8').slice(0, 200)}`;
      const missing = missingChaosField(body);
      const open = missing === undefined ? await refusedForItsDelay(t, path, ex) : mayRequire(missing);
      if (!expectValidAcceptedOrOpen(t, ex, 'CHAOS-VALUES', what, open)) return;
      const answer = expectSuccess(t, 'updateChaosSettings', ex);
      // a mock answers with the description's example, so only a live deployment can echo
      if (answer && t.target.profile === 'live') expectChaosEcho(t, 'CHAOS-ECHO', body.chaos, answer.chaos);
    },
  );
}

/** Generated invalid chaos settings of the kinds `keep` takes: one of each kind first (invalidKinds), then generated ones. */
function invalidChaosProperty(checkId: string, id: RequirementId, title: string, keep: (pointer: string, rule: string) => boolean): CheckDefinition {
  return property(
    checkId,
    id,
    title,
    { ...chaos, overlaps: CHANGES_NOTHING, examples: () => invalidKinds('updateChaosSettings').filter((i) => keep(i.pointer, i.rule)) },
    invalidChaos.filter((i) => keep(i.pointer, i.rule)),
    async (t, inv) => {
      const path = chaosPath(t.fixture('mockApiId'));
      const ex = await sendInvalid(t, path, inv);
      await quietIfTaken(t, path, ex);
      expectInvalidRejected(t, 'updateChaosSettings', inv, ex);
    },
  );
}

export function chaosProperties(): CheckDefinition[] {
  return [
    validChaosProperty(),
    invalidChaosProperty(
      'chaos-settings/generated-percentage-out-of-range-rejected',
      'CHAOS-PERCENTAGE-LIMIT',
      'generated percentageFailures past 0 or 100 (the nearest doubles included) are rejected',
      (p, r) => p === '/chaos/percentageFailures' && r !== 'wrong-type',
    ),
    invalidChaosProperty(
      'chaos-settings/generated-http-errors-invalid-rejected',
      'CHAOS-HTTP-STATUS-LIMIT',
      'generated httpErrors items past 400 or 599, not integers, or of a wrong type, at every position, are rejected',
      (p) => p.startsWith('/chaos/httpErrors/'),
    ),
    invalidChaosProperty(
      'chaos-settings/generated-wrong-types-rejected',
      'CHAOS-TYPES',
      'generated chaos fields of every wrong JSON type, at every depth, are rejected',
      (p, r) => (r === 'wrong-type' || r === 'non-integer') && p !== '/chaos' && !p.startsWith('/chaos/httpErrors/'),
    ),
    invalidChaosProperty(
      'chaos-settings/generated-unwrapped-or-not-json-rejected',
      'GEN-WRAP-REQUEST',
      'generated bodies without a chaos object, or not JSON, are rejected',
      (p) => p === '/chaos' || p === '',
    ),
  ];
}

export function stateProperties(): CheckDefinition[] {
  const examples = () => VALID_EXPRESSIONS.map((defaultContextExpression) => ({ state: { defaultContextExpression } }));
  return [
    property(
      'state-settings/generated-valid-settings-echoed',
      'STATE-ECHO',
      'generated valid state settings (expressions with several references, adjacent and nested braces, any script) are accepted, wrapped, schema-valid and echoed',
      { ...state, examples },
      validState,
      async (t, body) => {
        const ex = await t.send({ method: 'PUT', path: statePath(t.fixture('mockApiId')), json: body });
        if (!expectValidAccepted(t, ex, 'STATE-EXPRESSION', `defaultContextExpression ${JSON.stringify(body.state.defaultContextExpression)}`)) return;
        const answer = expectSuccess(t, 'updateStateSettings', ex);
        if (answer && t.target.profile === 'live') expectEcho(t, 'STATE-ECHO', body.state, answer.state, 'state');
      },
    ),
    property(
      'state-settings/generated-invalid-bodies-rejected',
      'STATE-TYPES',
      'generated state bodies of every wrong JSON type, or without their parts, are rejected',
      { ...state, overlaps: CHANGES_NOTHING, examples: () => invalidKinds('updateStateSettings') },
      invalidState,
      async (t, inv) => {
        expectInvalidRejected(t, 'updateStateSettings', inv, await sendInvalid(t, statePath(t.fixture('mockApiId')), inv));
      },
    ),
  ];
}
