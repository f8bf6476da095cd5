// Whatever a client sends, the reference deployment answers with a 4xx or a success, never a 5xx
// (GEN-NO-5XX), and every body it sends is JSON or the plain-text 401.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { OPERATION_IDS, operation } from '../../contract/schemas.ts';
import { SEED } from '../../reference/store.ts';
import { send, useReference, validRequest } from './helpers.ts';
import { propertySeed } from '../support/seed.ts';

const reference = useReference();

const numRuns = 1000;
const seed = propertySeed(`the reference, any request (${numRuns} runs)`);

// Characters node:http lets into a request path, weighted toward those with a meaning in one.
const pathCharacter = fc.oneof(
  fc.constantFrom(..."/%?#.~-_:@!$&'()*+,;=", '%00', '%2F', '%ZZ', '%C3', '%E2%82', '%FF', '..'),
  fc.constantFrom(...'abcxyzABC0129'),
  fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
);
const segment = fc.oneof(
  fc.constantFrom(...Object.values(SEED).flatMap((value) => (typeof value === 'string' ? [value] : []))),
  fc.constantFrom('a1b2', 'a1b2c3d4e5f', 'a1b2c', 'a1b2c3d4e5', ''),
  fc.array(pathCharacter, { maxLength: 12 }).map((chars) => chars.join('')),
);
// A template of the description filled with arbitrary ids, or arbitrary segments under /v1.
const path = fc.oneof(
  fc.tuple(fc.constantFrom(...OPERATION_IDS.map((id) => operation(id).path)), fc.array(segment, { minLength: 3, maxLength: 3 })).map(([template, ids]) => {
    let i = 0;
    return template.replace(/\{\w+\}/g, () => ids[i++] ?? '');
  }),
  fc.array(segment, { maxLength: 6 }).map((segments) => `/v1/${segments.join('/')}`),
);

const method = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('GET', 'PUT', 'PUT', 'DELETE', 'POST', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND') },
  // CONNECT is left out: without a tunnel the server drops the connection, which answers nothing.
  fc.stringMatching(/^[A-Za-z]{1,10}$/).filter((m) => m.toUpperCase() !== 'CONNECT'),
);

const headerValue = fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength: 80 }).map((codes) => String.fromCharCode(...codes).trim());
const authorization = (token: string, forbidden: string) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Token ${token}`) },
    fc.constant(`Token ${forbidden}`),
    fc.constantFrom('Token', 'Token ', `token ${token}`, `Bearer ${token}`, `Token ${token}x`, `Token  ${token}`),
    headerValue,
  );
const headers = (token: string, forbidden: string) =>
  fc
    .tuple(
      fc.option(authorization(token, forbidden), { freq: 8, nil: undefined }),
      fc.record(
        {
          'Content-Type': fc.oneof(fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1'), headerValue),
          'X-Extra': headerValue,
        },
        { requiredKeys: [] },
      ),
    )
    .map(([value, others]): Record<string, string> => (value === undefined ? others : { Authorization: value, ...others }));

const wrapped = fc
  .tuple(fc.constantFrom('chaos', 'state', 'organisation', 'dataSource', 'push'), fc.jsonValue({ maxDepth: 4 }))
  .map(([key, value]) => JSON.stringify({ [key]: value }));
// Near-valid bodies, so that the limits and the rows rule are reached, not just the wrapper check.
const chaos = fc.record({
  chaos: fc.record(
    {
      enabled: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
      percentageFailures: fc.oneof(fc.double(), fc.constantFrom(0, 100, -0, 100.00000000000001, -5e-324)),
      longDelay: fc.record({ enabled: fc.boolean(), durationMillis: fc.oneof(fc.integer(), fc.double()) }, { requiredKeys: [] }),
      httpErrors: fc.array(fc.record({ status: fc.oneof(fc.integer({ min: 390, max: 610 }), fc.double()) }), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
});
const dataSource = fc.integer({ min: 0, max: 3 }).chain((width) =>
  fc.record({
    dataSource: fc.record({
      name: fc.string(),
      type: fc.constantFrom('CSV', 'JSON', ''),
      columnsMetadata: fc.array(fc.record({ name: fc.string(), type: fc.record({ name: fc.constantFrom('STRING', 'DATE', 'BOOLEAN', 'INTEGER') }) }), {
        minLength: width,
        maxLength: width,
      }),
      rows: fc.array(fc.array(fc.oneof({ weight: 5, arbitrary: fc.string() }, fc.integer()), { minLength: Math.max(0, width - 1), maxLength: width + 1 }), {
        maxLength: 4,
      }),
    }),
  }),
);
const body = fc.oneof(
  fc.constant(undefined),
  wrapped,
  chaos.map((value) => JSON.stringify(value)),
  dataSource.map((value) => JSON.stringify(value)),
  fc.json({ maxDepth: 4 }),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(...OPERATION_IDS.flatMap((id) => operation(id).requestBody?.examples ?? []).map((example) => JSON.stringify(example))),
);

// The operations of the fixtures with their own methods (so that requests get past routing), or any
// method on any path.
const fixtureTargets = OPERATION_IDS.map((id) => validRequest(id, { ...SEED, token: '', forbiddenToken: '', readOnlyToken: '', pushPolicy: '' })).map(
  ({ method, path }) => ({
    method,
    path,
  }),
);
const target = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fixtureTargets) }, fc.record({ method, path }));

it('never answers with a 5xx, whatever the method, path, headers and body', async () => {
  const { deployment } = reference();
  const { token, forbiddenToken } = deployment.fixtures;
  await fc.assert(
    fc.asyncProperty(target, headers(token, forbiddenToken), body, async ({ method: m, path: p }, h, b) => {
      const answer = await send(deployment.baseUrl, m, p, { token: null, headers: h, body: b }, token);
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(500);
      if (answer.bytes.length > 0) expect(['application/json', 'text/plain']).toContain(answer.headers['content-type'] ?? 'no media type');
    }),
    { seed, numRuns },
  );
});
