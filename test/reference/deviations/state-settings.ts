// What each fault of state settings visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import { seen, type Reference } from '../helpers.ts';
import { state, servedElsewhere } from './shared.ts';

export const stateSettings: Record<string, (r: Reference) => Promise<void>> = {
  'state-settings-under-post': async (r) => {
    const answer = await servedElsewhere(r, ['PUT', state], ['POST', state], { state: { defaultContextExpression: 'x' } });
    expect(answer.json).toMatchObject({ state: { defaultContextExpression: 'x' } });
  },
  'state-expression-object-500': async ({ call }) => {
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: { a: 1 } } } })).status).toBe(500);
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 42 } } })).status).toBe(400);
  },
  'state-update-ignored': async ({ call }) => {
    const answer = await call('PUT', state, { body: { state: { defaultContextExpression: 'x' } } });
    expect(seen(answer)).toEqual({ status: 200, type: 'application/json', body: { state: { defaultContextExpression: '' } } });
  },
  'state-expression-number-accepted': async ({ call }) => {
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: 42 } } })).json).toEqual({ state: { defaultContextExpression: '42' } });
    expect((await call('PUT', state, { body: { state: { defaultContextExpression: true } } })).status).toBe(400);
  },
};
