// The generators: every valid payload passes the request schema of its operation (and its rows fit its
// columns); every invalid one fails for the rule it is labelled with, at its pointer, and for nothing else.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  invalidChaos, invalidDataSource, invalidOrganisation, invalidPush, invalidState, mockApiIdInRange, mockApiIdOutOfRange, nextDown, nextUp, otherAuthorization,
  oversize, validChaos, validDataSource, validOrganisation, validPush, validState, type Invalid,
} from '../properties/arbitraries.ts';
import { operation, schema, type OperationId } from '../src/contract/schemas.ts';
import { rowsMisfit } from '../src/rows.ts';

// fixed in CI, random elsewhere and printed, like every property test of the project
const seed = process.env.CI ? 20261121 : Math.floor(Math.random() * 2 ** 31);
console.info(`arbitraries: fast-check seed ${seed}`);
const params = { seed, numRuns: 300 };

const KEYWORD: Record<Invalid['rule'], string[]> = {
  'above-limit': ['maximum'],
  'below-limit': ['minimum'],
  'non-integer': ['type'],
  'wrong-type': ['type'],
  'missing-required': ['required'],
  'null-for-object': ['type'],
  'rows-misfit': [],
  'not-json': [],
  'too-large': [],
};

function breaksOnlyItsRule(op: OperationId, inv: Invalid): void {
  if (inv.rule === 'not-json') {
    expect(() => JSON.parse(inv.raw!)).toThrow();
    return;
  }
  const validate = operation(op).requestBody!.validate;
  if (inv.rule === 'rows-misfit') {
    expect(validate(inv.body), JSON.stringify(validate.errors)).toBe(true);
    const ds = (inv.body as { dataSource: { columnsMetadata: unknown[]; rows: unknown[] } }).dataSource;
    expect(`/dataSource${rowsMisfit(ds.columnsMetadata, ds.rows)?.pointer}`).toBe(inv.pointer);
    return;
  }
  expect(validate(inv.body)).toBe(false);
  for (const e of validate.errors!) {
    const pointer = e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    expect({ pointer, keyword: e.keyword }).toEqual({ pointer: inv.pointer, keyword: expect.toBeOneOf(KEYWORD[inv.rule]) });
  }
}

const cases: [OperationId, fc.Arbitrary<object>, fc.Arbitrary<Invalid>][] = [
  ['updateChaosSettings', validChaos, invalidChaos],
  ['updateStateSettings', validState, invalidState],
  ['updateOrganisation', validOrganisation, invalidOrganisation],
  ['updateDataSource', validDataSource, invalidDataSource],
  ['pushOpenApiToGit', validPush, invalidPush('ABORT')],
];

describe.each(cases)('%s', (op, valid, invalid) => {
  test('valid payloads pass the request schema', () => {
    const validate = operation(op).requestBody!.validate;
    fc.assert(fc.property(valid, (body) => validate(body) === true), params);
  });
  test('each invalid payload breaks its labelled rule and no other', () => {
    fc.assert(fc.property(invalid, (inv) => breaksOnlyItsRule(op, inv)), params);
  });
});

test('valid data sources hold rows that fit their columns, of every column type', () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(validDataSource, ({ dataSource }) => {
      for (const c of dataSource.columnsMetadata) seen.add(c.type.name);
      expect(rowsMisfit(dataSource.columnsMetadata, dataSource.rows)).toBeUndefined();
    }),
    params,
  );
  expect([...seen].sort()).toEqual(['BOOLEAN', 'DATE', 'INTEGER', 'STRING']);
});

test('valid chaos settings never switch chaos on', () => {
  fc.assert(fc.property(validChaos, (b) => b.chaos.enabled === false), params);
});

test('the limits are approached from outside by the nearest doubles', () => {
  expect(nextUp(100)).toBe(100.00000000000001);
  expect(nextDown(0)).toBe(-5e-324);
  const values = fc.sample(invalidChaos.filter((i) => i.pointer === '/chaos/percentageFailures' && i.rule !== 'wrong-type'), { seed, numRuns: 2000 });
  const numbers = values.map((i) => (i.body as { chaos: { percentageFailures: number } }).chaos.percentageFailures);
  expect(numbers).toContain(nextUp(100));
  expect(numbers).toContain(nextDown(0));
  for (const n of numbers) expect(n < 0 || n > 100).toBe(true);
});

test('mockApiIds in range fit the path parameter; out of range ones never do', () => {
  const fits = schema('formats.json#/$defs/mockApiId');
  fc.assert(fc.property(mockApiIdInRange, (id) => fits(id) === true), params);
  fc.assert(fc.property(mockApiIdOutOfRange, (id) => (id.length < 5 || id.length > 10) && fits(id) === false), params);
});

test('an oversize body is still valid JSON of the schema, past the size asked for', () => {
  const big = oversize({ chaos: { enabled: false } }, 'chaos', 1024 * 1024 + 1);
  expect(big.rule).toBe('too-large');
  expect(operation('updateChaosSettings').requestBody!.validate(big.body)).toBe(true);
  expect(JSON.stringify(big.body).length).toBeGreaterThan(1024 * 1024);
});

test('generated Authorization values are never the key under the Token scheme', () => {
  const key = 'AbC123-key_value';
  fc.assert(
    fc.property(otherAuthorization(key, 'forbidden-key'), (value) => {
      const [scheme = '', ...rest] = value.trim().split(/ +/);
      return !(scheme.toLowerCase() === 'token' && [key, 'forbidden-key'].includes(rest.join(' ')));
    }),
    params,
  );
});
