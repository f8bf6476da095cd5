// What each fault of chaos settings visibly does (test/reference/faults.test.ts runs each on a deployment with
// that fault alone switched on): the deviation shows, and where a fault is narrow, the nearest correct answer
// still shows beside it.
import { expect } from 'vitest';
import type { Reference } from '../helpers.ts';
import { chaos, jsonOf, servedElsewhere } from './shared.ts';

export const chaosSettings: Record<string, (r: Reference) => Promise<void>> = {
  'chaos-settings-under-patch': async (r) => {
    const answer = await servedElsewhere(r, ['PUT', chaos()], ['PATCH', chaos()], { chaos: { enabled: false } });
    expect(jsonOf(answer).chaos).toMatchObject({ enabled: false });
  },
  'chaos-delay-string-coerced': async ({ call }) => {
    expect(jsonOf(await call('PUT', chaos(), { body: { chaos: { longDelay: { enabled: false, durationMillis: '30000' } } } })).chaos.longDelay).toEqual({
      enabled: false,
      durationMillis: 30000,
    });
    expect((await call('PUT', chaos(), { body: { chaos: { longDelay: { enabled: false, durationMillis: 'soon' } } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: '50' } } })).status).toBe(400);
  },
  'chaos-percentage-exponent-rejected': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: '{"chaos":{"percentageFailures":5e1}}' })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: '{"chaos":{"percentageFailures":1E2}}' })).status).toBe(400);
    expect(jsonOf(await call('PUT', chaos(), { body: '{"chaos":{"percentageFailures":50.0}}' })).chaos.percentageFailures).toBe(50);
  },
  'chaos-status-read-in-32-bits': async ({ call }) => {
    const statuses = async (status: number) => (await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status }] } } })).json;
    expect(await statuses(2 ** 32 + 599)).toMatchObject({ chaos: { httpErrors: [{ status: 599 }] } });
    expect(await statuses(2 ** 32 + 600)).toMatchObject({ errors: [{ title: expect.any(String) }] });
    expect(await statuses(600)).toMatchObject({ errors: [{ title: expect.any(String) }] });
  },
  'chaos-null-http-error-500': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 500 }, null] } } })).status).toBe(500);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: null } } })).status).toBe(400);
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 'x' }] } } })).status).toBe(400);
  },
  'chaos-status-201': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { chaos: { enabled: false } } });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ chaos: { enabled: false } });
  },
  'chaos-response-unsent-percentage-string': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 12.5 } } })).json).toMatchObject({ chaos: { percentageFailures: 12.5 } });
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: false } } })).json).toMatchObject({ chaos: { enabled: false, percentageFailures: '12.5' } });
  },
  'chaos-echo-drops-invalid-http': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { chaos: { invalidHttp: { enabled: true }, enabled: false } } });
    expect(answer.json).toEqual({ chaos: expect.not.objectContaining({ invalidHttp: expect.anything() }) });
    expect(answer.json).toMatchObject({ chaos: { enabled: false, socketClose: { enabled: false } } });
  },
  'chaos-echo-loses-a-status': async ({ call }) => {
    const sent = [{ status: 500 }, { status: 503 }];
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: sent } } })).json).toMatchObject({ chaos: { httpErrors: [{ status: 500 }] } });
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 400 }] } } })).json).toMatchObject({
      chaos: { httpErrors: [{ status: 400 }] },
    });
  },
  'chaos-percentage-above-100-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101 } } })).json).toMatchObject({ chaos: { percentageFailures: 101 } });
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: 101.5 } } })).status).toBe(400);
  },
  'chaos-percentage-below-0-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: -1 } } })).json).toMatchObject({ chaos: { percentageFailures: -1 } });
    expect((await call('PUT', chaos(), { body: { chaos: { percentageFailures: -1.5 } } })).status).toBe(400);
  },
  'chaos-status-above-599-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 600 }] } } })).json).toMatchObject({
      chaos: { httpErrors: [{ status: 600 }] },
    });
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 601 }] } } })).status).toBe(400);
  },
  'chaos-status-below-400-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 399 }] } } })).json).toMatchObject({
      chaos: { httpErrors: [{ status: 399 }] },
    });
    expect((await call('PUT', chaos(), { body: { chaos: { httpErrors: [{ status: 398 }] } } })).status).toBe(400);
  },
  'chaos-enabled-string-accepted': async ({ call }) => {
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: 'true' } } })).json).toMatchObject({ chaos: { enabled: true } });
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: 'false' } } })).json).toMatchObject({ chaos: { enabled: false } });
    expect((await call('PUT', chaos(), { body: { chaos: { enabled: 'yes' } } })).status).toBe(400);
  },
  'chaos-echo-drops-socket-close': async ({ call }) => {
    const answer = await call('PUT', chaos(), { body: { chaos: { socketClose: { enabled: true }, enabled: false } } });
    expect(answer.json).toEqual({ chaos: expect.not.objectContaining({ socketClose: expect.anything() }) });
    expect(answer.json).toMatchObject({ chaos: { enabled: false, socketReset: { enabled: false } } });
  },
  'chaos-echo-socket-reset-from-socket-close': async ({ call }) => {
    const apart = { socketClose: { enabled: true }, socketReset: { enabled: false }, enabled: false };
    expect((await call('PUT', chaos(), { body: { chaos: apart } })).json).toMatchObject({
      chaos: { socketClose: { enabled: true }, socketReset: { enabled: true } },
    });
    // alike, the two switches show as sent
    const alike = { socketClose: { enabled: false }, socketReset: { enabled: false }, enabled: false };
    expect((await call('PUT', chaos(), { body: { chaos: alike } })).json).toMatchObject({ chaos: alike });
  },
};
