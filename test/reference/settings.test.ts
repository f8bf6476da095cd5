import { describe, expect, it } from 'vitest';
import { operation } from '../../contract/schemas.ts';
import { SEED } from '../../reference/store.ts';
import { invalidJson, invalidValue, NOT_FOUND_BODY, seen, useReference } from './helpers.ts';

const reference = useReference({ fresh: true });

const chaosPath = (mockApiId: string = SEED.mockApiId) => `/v1/mock-apis/${mockApiId}/settings/chaos`;
const statePath = (mockApiId: string = SEED.mockApiId) => `/v1/mock-apis/${mockApiId}/settings/state`;

/** The nearest double after x, toward direction. */
function nextDouble(x: number, direction: 1 | -1): number {
  if (x === 0) return direction * Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0) + BigInt(Math.sign(x) === direction ? 1 : -1);
  view.setBigUint64(0, bits);
  return view.getFloat64(0);
}

describe('update chaos settings', () => {
  it('answers 200 with every field sent, as sent', async () => {
    const sent = operation('updateChaosSettings').requestBody!.examples[0];
    const answer = await reference().call('PUT', chaosPath(), { body: sent });
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: sent });
  });

  it('sets the fields sent and keeps the others, including fields the interface does not list', async () => {
    const { call } = reference();
    await call('PUT', chaosPath(), { body: { chaos: { enabled: true, httpErrors: [{ status: 503 }] } } });
    const answer = await call('PUT', chaosPath(), { body: { chaos: { percentageFailures: 12.5, note: 'extra' } } });
    expect(answer.json).toEqual({
      chaos: {
        enabled: true,
        percentageFailures: 12.5,
        socketClose: { enabled: false },
        socketReset: { enabled: false },
        invalidHttp: { enabled: false },
        longDelay: { enabled: false, durationMillis: 0 },
        httpErrors: [{ status: 503 }],
        note: 'extra',
      },
    });
  });

  it('stores a field named __proto__ as a field, and the settings keep their shape', async () => {
    const { call } = reference();
    const answer = await call('PUT', chaosPath(), { body: '{"chaos":{"__proto__":{"enabled":true},"constructor":1}}' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"__proto__":{"enabled":true}');
    expect(answer.json).toMatchObject({ chaos: { enabled: false, constructor: 1 } });
    expect(({} as { enabled?: unknown }).enabled).toBeUndefined();
  });

  it('keeps the settings of each mock API apart', async () => {
    const { call } = reference();
    await call('PUT', chaosPath(SEED.otherMockApiId), { body: { chaos: { enabled: true } } });
    const answer = await call('PUT', chaosPath(), { body: { chaos: {} } });
    expect(answer.json).toMatchObject({ chaos: { enabled: false } });
  });

  it('answers 404 for a mock API that does not exist', async () => {
    const answer = await reference().call('PUT', chaosPath('zzzzzzzz'), { body: { chaos: {} } });
    expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
  });

  it.each([
    ['the chaos wrapper is missing', {}, 'Required property missing at /chaos: expected object'],
    ['the chaos wrapper is null', { chaos: null }, 'Wrong type at /chaos: expected object'],
    ['the chaos wrapper is a string', { chaos: 'on' }, 'Wrong type at /chaos: expected object'],
    ['the body is an array', [], 'Wrong type at /: expected object'],
    ['percentageFailures is a string', { chaos: { percentageFailures: '10' } }, 'Wrong type at /chaos/percentageFailures: expected number'],
    ['enabled is a string', { chaos: { enabled: 'yes' } }, 'Wrong type at /chaos/enabled: expected boolean'],
    [
      'longDelay.durationMillis is fractional',
      { chaos: { longDelay: { durationMillis: 1.5 } } },
      'Wrong type at /chaos/longDelay/durationMillis: expected integer',
    ],
    ['a status is fractional (400.5)', { chaos: { httpErrors: [{ status: 400.5 }] } }, 'Wrong type at /chaos/httpErrors/0/status: expected integer'],
  ])('400 Invalid JSON when %s', async (_, body, detail) => {
    const answer = await reference().call('PUT', chaosPath(), { body });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidJson(detail) });
  });

  it.each([
    ['not JSON', 'chaos=on'],
    ['empty', ''],
    ['JSON that is not UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])],
    ['JSON cut short', '{"chaos": {'],
  ])('400 Invalid JSON when the body is %s', async (_, body) => {
    const answer = await reference().call('PUT', chaosPath(), { body });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidJson('Body is not valid JSON at /: expected object') });
  });

  it.each([0, 1e-300, 50, 99.999, 100])('accepts percentageFailures %s', async (value) => {
    const answer = await reference().call('PUT', chaosPath(), { body: { chaos: { percentageFailures: value } } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ chaos: { percentageFailures: value } });
  });

  it.each(['-0', '100.0', '1e2', '0E0'])('accepts percentageFailures written %s', async (written) => {
    const answer = await reference().call('PUT', chaosPath(), { body: `{"chaos":{"percentageFailures":${written}}}` });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`"percentageFailures":${Number(written) === 0 ? 0 : 100}`);
  });

  it.each([
    [-0.001, 'must be >= 0'],
    [nextDouble(0, -1), 'must be >= 0'],
    [100.001, 'must be <= 100'],
    [nextDouble(100, 1), 'must be <= 100'],
    [1e308, 'must be <= 100'],
  ])('rejects percentageFailures %s with Invalid value', async (value, rule) => {
    const { call } = reference();
    const answer = await call('PUT', chaosPath(), { body: { chaos: { percentageFailures: value } } });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidValue(`Invalid value at /chaos/percentageFailures: ${rule}`) });
    const after = await call('PUT', chaosPath(), { body: { chaos: {} } });
    expect(after.json).toMatchObject({ chaos: { percentageFailures: 0 } });
  });

  it('sends the nearest doubles as JSON that parses back to themselves', () => {
    expect(JSON.stringify(nextDouble(100, 1))).toBe('100.00000000000001');
    expect(JSON.stringify(nextDouble(0, -1))).toBe('-5e-324');
  });

  it.each([400, 401, 500, 598, 599])('accepts httpErrors status %s', async (status) => {
    const answer = await reference().call('PUT', chaosPath(), { body: { chaos: { httpErrors: [{ status }] } } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ chaos: { httpErrors: [{ status }] } });
  });

  it.each([
    [399, 'must be >= 400'],
    [600, 'must be <= 599'],
    [200, 'must be >= 400'],
  ])('rejects httpErrors status %s with Invalid value', async (status, rule) => {
    const answer = await reference().call('PUT', chaosPath(), { body: { chaos: { httpErrors: [{ status: 500 }, { status }] } } });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidValue(`Invalid value at /chaos/httpErrors/1/status: ${rule}`) });
  });

  it('lists every problem, Invalid JSON first', async () => {
    const answer = await reference().call('PUT', chaosPath(), { body: { chaos: { percentageFailures: 101, enabled: 1 } } });
    expect(answer.json).toEqual({
      errors: [
        { code: 400, title: 'Invalid JSON', detail: 'Wrong type at /chaos/enabled: expected boolean', source: {} },
        { code: 400, title: 'Invalid value', detail: 'Invalid value at /chaos/percentageFailures: must be <= 100', source: {} },
      ],
    });
  });

  it('refuses a body nested deeper than 64 levels with Invalid value', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100; i++) deep = [deep];
    const answer = await reference().call('PUT', chaosPath(), { body: { chaos: { note: deep } } });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(invalidValue(`Invalid value at /chaos/note${'/0'.repeat(62)}: nested deeper than 64 levels`));
  });
});

describe('update state settings', () => {
  it('answers 200 with the settings sent', async () => {
    const sent = operation('updateStateSettings').requestBody!.examples[0];
    const answer = await reference().call('PUT', statePath(), { body: sent });
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: sent });
  });

  it('keeps the expression when an update sends none', async () => {
    const { call } = reference();
    await call('PUT', statePath(), { body: { state: { defaultContextExpression: '{{request.path}}' } } });
    const answer = await call('PUT', statePath(), { body: { state: {} } });
    expect(answer.json).toEqual({ state: { defaultContextExpression: '{{request.path}}' } });
  });

  it.each([
    ['the state wrapper is missing', { defaultContextExpression: 'x' }, 'Required property missing at /state: expected object'],
    ['the expression is a number', { state: { defaultContextExpression: 5 } }, 'Wrong type at /state/defaultContextExpression: expected string'],
  ])('400 Invalid JSON when %s', async (_, body, detail) => {
    const answer = await reference().call('PUT', statePath(), { body });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidJson(detail) });
  });
});
