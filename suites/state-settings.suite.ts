// Update state settings (Endpoints; Resources > State settings). The interface offers no way to read the
// previous settings back, so the run leaves the expression it last sent; the README says so.
import { CHANGES_NOTHING, check, type CheckDefinition, type CheckContext, KEEPS_NO_STATE, shared } from '../src/harness/check.ts';
import { expectEnvelope, expectRejected, expectSuccess, expectValidAccepted } from '../src/judge/checker.ts';
import { expectEcho } from '../src/judge/echo.ts';
import { invalidKinds, invalidState, VALID_EXPRESSIONS, validState } from '../properties/arbitraries.ts';
import { expectInvalidRejected, sendInvalid } from '../properties/bodies.ts';
import { modelCheck } from '../properties/model.ts';
import { property } from '../properties/property.ts';
import { echoSteps } from '../properties/sequences.ts';
import { exampleBody, pathOf } from '../src/harness/support.ts';

const options = { operation: 'updateStateSettings' as const, needs: ['mockApiId' as const], writes: true };
const put = (t: CheckContext, json: unknown) => t.send({ method: 'PUT', path: pathOf('updateStateSettings', { mockApiId: t.fixture('mockApiId') }), json });

const update = shared(({ client, target }) =>
  client.send({ method: 'PUT', path: pathOf('updateStateSettings', { mockApiId: target.fixtures.mockApiId! }), json: exampleBody('updateStateSettings') }),
);

export const checks: CheckDefinition[] = [
  check(
    'state-settings/updating-state-settings-2xx-state-defaultcontextexpression',
    'STATE-RESPONSE',
    'updating the state settings answers a 2xx with { state: { defaultContextExpression } }',
    options,
    async (t) => {
      expectSuccess(t, 'updateStateSettings', t.uses(await update(t)));
    },
  ),

  check(
    'state-settings/updatestatesettings-answer-wraps-resource-state',
    'GEN-WRAP-RESPONSE',
    'updateStateSettings: the answer wraps the resource in "state"',
    options,
    async (t) => {
      expectEnvelope(t, 'updateStateSettings', t.uses(await update(t)));
    },
  ),

  check(
    'state-settings/answer-holds-defaultcontextexpression-sent',
    'STATE-ECHO',
    'the answer holds the defaultContextExpression sent',
    { ...options, live: KEEPS_NO_STATE },
    async (t) => {
      const ex = t.uses(await update(t));
      const sent = exampleBody('updateStateSettings').state.defaultContextExpression;
      const got = (ex.json as { state?: { defaultContextExpression?: unknown } } | undefined)?.state?.defaultContextExpression;
      t.expect(
        ex.status >= 200 && ex.status < 300 && got === sent,
        'STATE-ECHO',
        `a 2xx answer with state.defaultContextExpression ${JSON.stringify(sent)}`,
        () => `status ${ex.status}, ${JSON.stringify(got)}`,
      );
    },
  ),

  check(
    'state-settings/expressions-several-references-braces-any-script-accepted',
    'STATE-EXPRESSION',
    'expressions with several references, adjacent and nested braces, and text in any script are accepted and echoed',
    { ...options, requests: VALID_EXPRESSIONS.length },
    async (t) => {
      for (const expression of VALID_EXPRESSIONS) {
        const ex = await put(t, { state: { defaultContextExpression: expression } });
        if (!expectValidAccepted(t, ex, 'STATE-EXPRESSION', `defaultContextExpression ${JSON.stringify(expression)}`)) continue;
        const answer = expectSuccess(t, 'updateStateSettings', ex);
        if (answer && t.target.profile === 'live') expectEcho(t, 'STATE-ECHO', { defaultContextExpression: expression }, answer.state, 'state');
      }
    },
  ),

  check(
    'state-settings/defaultcontextexpression-number-rejected',
    'STATE-TYPES',
    'defaultContextExpression as a number is rejected',
    { ...options, overlaps: CHANGES_NOTHING },
    async (t) => {
      expectRejected(t, await put(t, { state: { defaultContextExpression: 42 } }), 'STATE-TYPES', 'defaultContextExpression 42');
    },
  ),

  check(
    'state-settings/update-leaves-expression-out-still-state',
    'STATE-RESPONSE',
    'an update that leaves the expression out still answers with { state: { defaultContextExpression: string } }',
    options,
    async (t) => {
      const ex = await put(t, { state: {} });
      if (ex.status >= 400 && ex.status < 500) {
        t.note(`an update without defaultContextExpression was answered ${ex.status}: whether it is required is not shown`);
        return;
      }
      expectSuccess(t, 'updateStateSettings', ex);
    },
  ),

  property(
    'state-settings/generated-valid-settings-echoed',
    'STATE-ECHO',
    'generated valid state settings (expressions with several references, adjacent and nested braces, any script) are accepted, wrapped, schema-valid and echoed',
    { ...options, examples: () => VALID_EXPRESSIONS.map((defaultContextExpression) => ({ state: { defaultContextExpression } })) },
    validState,
    async (t, body) => {
      const ex = await put(t, body);
      if (!expectValidAccepted(t, ex, 'STATE-EXPRESSION', `defaultContextExpression ${JSON.stringify(body.state.defaultContextExpression)}`)) return;
      const answer = expectSuccess(t, 'updateStateSettings', ex);
      if (answer && t.target.profile === 'live') expectEcho(t, 'STATE-ECHO', body.state, answer.state, 'state');
    },
  ),
  property(
    'state-settings/generated-invalid-bodies-rejected',
    'STATE-TYPES',
    'generated state bodies of every wrong JSON type, or without their parts, are rejected',
    { ...options, overlaps: CHANGES_NOTHING, examples: () => invalidKinds('updateStateSettings') },
    invalidState,
    async (t, inv) => {
      expectInvalidRejected(t, 'updateStateSettings', inv, await sendInvalid(t, pathOf('updateStateSettings', { mockApiId: t.fixture('mockApiId') }), inv));
    },
  ),
  modelCheck(
    'state-settings/sequences-echo',
    'STATE-ECHO',
    'sequences of state settings, earlier ones sent again (model-based): every answer shows what was just sent',
    { ...options, live: KEEPS_NO_STATE, perInput: 8, start: () => ({ sent: [] }) },
    echoSteps('updateStateSettings', validState, 'state', (t, body, got) => expectEcho(t, 'STATE-ECHO', body.state, got, 'state'), 'STATE-EXPRESSION'),
  ),
];
