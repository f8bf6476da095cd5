// The generators: every valid payload passes the request schema of its operation (and its rows fit its
// columns); every invalid one fails for the rule it is labelled with, at its pointer, and for nothing else.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { breachesOf } from '../../contract/breaches.ts';
import { quietChaos } from '../../src/harness/support.ts';
import {
  invalidChaos,
  invalidDataSource,
  invalidKinds,
  invalidOrganisation,
  invalidPush,
  invalidState,
  mockApiIdInRange,
  mockApiIdOutOfRange,
  nextDown,
  nextUp,
  otherAuthorization,
  oversize,
  VALID_CHAOS_KINDS,
  VALID_DATA_SOURCE_KINDS,
  VALID_EXPRESSIONS,
  VALID_ORGANISATION_KINDS,
  validChaos,
  validDataSource,
  validOrganisation,
  validPush,
  validState,
  type Invalid,
} from '../../properties/arbitraries.ts';
import { limits } from '../../contract/limits.ts';
import { operation, schema, type OperationId } from '../../contract/schemas.ts';
import { rowsMisfit } from '../../contract/rows.ts';
import { propertySeed } from '../support/seed.ts';

const seed = propertySeed('arbitraries');
// @fast-check/vitest's test.prop runs a property as a test of its own and names seed and path when it fails
const params = { seed, numRuns: 300 };

const KEYWORD: Record<Invalid['rule'], string[]> = {
  'above-limit': ['maximum'],
  'below-limit': ['minimum'],
  'non-integer': ['type'],
  'wrong-type': ['type'],
  'missing-required': ['required'],
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
  test.prop([valid], params)('valid payloads pass the request schema', (body) => {
    const validate = operation(op).requestBody!.validate;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
  test.prop([invalid], params)('each invalid payload breaks its labelled rule and no other', (inv) => {
    breaksOnlyItsRule(op, inv);
  });
});

test('the valid inputs of each kind, sent on every run, pass the request schema and their rows fit', () => {
  const kinds: [OperationId, object[]][] = [
    ['updateChaosSettings', VALID_CHAOS_KINDS],
    ['updateStateSettings', VALID_EXPRESSIONS.map((defaultContextExpression) => ({ state: { defaultContextExpression } }))],
    ['updateOrganisation', VALID_ORGANISATION_KINDS],
    ['updateDataSource', VALID_DATA_SOURCE_KINDS],
  ];
  for (const [op, bodies] of kinds) {
    const validate = operation(op).requestBody!.validate;
    for (const body of bodies) expect({ op, body, valid: validate(body) }).toEqual({ op, body, valid: true });
  }
  for (const { dataSource } of VALID_DATA_SOURCE_KINDS) expect(rowsMisfit(dataSource.columnsMetadata, dataSource.rows)).toBeUndefined();
  expect(VALID_EXPRESSIONS.filter((e) => (e.match(/\{\{/g) ?? []).length > 1)).toHaveLength(VALID_EXPRESSIONS.length - 2);
});

test('generated valid state settings include expressions with several references', () => {
  const several = fc.sample(validState, { numRuns: 200, seed: 1 }).filter((b) => (b.state.defaultContextExpression.match(/\{\{[^{]/g) ?? []).length > 1);
  expect(several.length).toBeGreaterThan(20);
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

test.prop([validChaos], params)('valid chaos settings never switch chaos on', (b) => {
  expect(b.chaos.enabled).toBe(false);
});

test('the limits are approached from outside by the nearest doubles', () => {
  expect(nextUp(100)).toBe(100.00000000000001);
  expect(nextDown(0)).toBe(-5e-324);
  const values = fc.sample(
    invalidChaos.filter((i) => i.pointer === '/chaos/percentageFailures' && i.rule !== 'wrong-type'),
    { seed, numRuns: 2000 },
  );
  const numbers = values.map((i) => (i.body as { chaos: { percentageFailures: number } }).chaos.percentageFailures);
  expect(numbers).toContain(nextUp(100));
  expect(numbers).toContain(nextDown(0));
  for (const n of numbers) expect(n < 0 || n > 100).toBe(true);
});

test.prop([mockApiIdInRange, mockApiIdOutOfRange], params)('mockApiIds in range fit the path parameter; out of range ones never do', (inRange, outOfRange) => {
  const fits = schema('formats.json#/$defs/mockApiId');
  const { min, max } = limits().mockApiIdLength;
  expect(fits(inRange)).toBe(true);
  expect(outOfRange.length < min || outOfRange.length > max).toBe(true);
  expect(fits(outOfRange)).toBe(false);
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

describe('the invalid payloads, complete by construction from the request schemas', () => {
  const OPS: OperationId[] = ['updateChaosSettings', 'updateStateSettings', 'updateOrganisation', 'updateDataSource', 'pushOpenApiToGit'];
  const pattern = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

  test('every property at every depth gets each JSON type it must not have, and each required one is left out', () => {
    const kinds = (op: OperationId) => breachesOf(op).map((b) => (b.kind === 'wrong-type' ? `${b.slot.pattern} ${b.sent}` : `${b.slot.pattern} missing`));
    expect(kinds('updateChaosSettings')).toEqual(
      expect.arrayContaining([
        '/chaos null',
        '/chaos array',
        '/chaos/enabled string',
        '/chaos/longDelay/durationMillis number',
        '/chaos/longDelay/durationMillis string',
        '/chaos/httpErrors object',
        '/chaos/httpErrors/* null',
        '/chaos/httpErrors/*/status null',
        '/chaos/httpErrors/*/status string',
        '/chaos missing',
      ]),
    );
    expect(kinds('updateDataSource')).toEqual(
      expect.arrayContaining([
        '/dataSource/rows/* null',
        '/dataSource/rows/*/* number',
        '/dataSource/columnsMetadata/*/type/format array',
        '/dataSource/columnsMetadata/*/type/name missing',
        '/dataSource/rows missing',
      ]),
    );
    for (const op of OPS) {
      for (const breach of breachesOf(op).filter((b) => b.kind === 'wrong-type')) {
        // never a type the slot allows; 'number' for an integer slot is a number with a fraction
        expect(
          breach.slot.types.includes(breach.sent) || (breach.sent === 'number' && breach.slot.types.includes('number')),
          `${op} ${breach.slot.pattern}`,
        ).toBe(false);
      }
      const slots = new Set(
        breachesOf(op)
          .filter((b) => b.kind === 'wrong-type')
          .map((b) => b.slot.pattern),
      );
      for (const slot of slots) expect(breachesOf(op).filter((b) => b.kind === 'wrong-type' && b.slot.pattern === slot).length, slot).toBeGreaterThanOrEqual(4);
    }
  });

  /** The JSON type of the value an Invalid puts at its pointer, as breaches.ts names what it sends. */
  const sentType = (inv: Invalid): string => {
    let node = inv.body as any;
    for (const key of inv.pointer.split('/').slice(1)) node = node?.[key];
    return node === null ? 'null' : Array.isArray(node) ? 'array' : typeof node;
  };

  test.each(OPS)('%s: one payload of each kind, each breaking its labelled rule and no other, every kind of the walk once', (op) => {
    const canonical = invalidKinds(op, 'ABORT');
    for (const inv of canonical) breaksOnlyItsRule(op, inv);
    // invalidKinds lists the kinds of the walk first, then the limits and text that no walk finds
    const fromWalk = canonical.slice(0, breachesOf(op).length);
    for (const inv of fromWalk) expect(['wrong-type', 'non-integer', 'missing-required']).toContain(inv.rule);
    for (const inv of canonical.slice(breachesOf(op).length)) expect(['above-limit', 'below-limit', 'non-integer', 'not-json']).toContain(inv.rule);
    const kinds = fromWalk.map((i) => `${pattern(i.pointer)} ${i.rule === 'missing-required' ? 'missing' : sentType(i)}`);
    const wanted = breachesOf(op).map((b) => `${b.slot.pattern} ${b.kind === 'missing-required' ? 'missing' : b.sent}`);
    expect([...kinds].sort()).toEqual([...wanted].sort());
  });

  test('in an array the canonical payload breaks the last item, after valid ones', () => {
    const pointers = invalidKinds('updateChaosSettings')
      .map((i) => i.pointer)
      .filter((p) => p.startsWith('/chaos/httpErrors/'));
    expect(new Set(pointers.map((p) => p.split('/')[3]))).toEqual(new Set(['1']));
    const rows = invalidKinds('updateDataSource')
      .map((i) => i.pointer)
      .filter((p) => p.startsWith('/dataSource/rows/'));
    expect(rows).toContain('/dataSource/rows/1/3');
  });

  test('generated payloads break items at many positions of an array, the first included', () => {
    const positions = new Set(
      fc
        .sample(
          invalidChaos.filter((i) => /^\/chaos\/httpErrors\/\d+\/status$/.test(i.pointer)),
          { seed, numRuns: 500 },
        )
        .map((i) => i.pointer.split('/')[3]),
    );
    expect([...positions].length).toBeGreaterThanOrEqual(3);
    expect(positions).toContain('0');
  });

  test('a body that breaks chaos.enabled does nothing even if a deployment reads the value as true: a run never makes a mock API fail', () => {
    const atEnabled = [
      ...fc.sample(
        invalidChaos.filter((i) => i.pointer === '/chaos/enabled'),
        { seed, numRuns: 500 },
      ),
      ...invalidKinds('updateChaosSettings').filter((i) => i.pointer === '/chaos/enabled'),
    ];
    expect(atEnabled.length).toBeGreaterThan(50);
    for (const inv of atEnabled) {
      const { enabled: _, ...rest } = (inv.body as { chaos: Record<string, unknown> }).chaos;
      const { enabled: __, ...quiet } = quietChaos().chaos;
      expect(rest).toEqual(quiet);
    }
    // every other chaos payload leaves chaos switched off
    for (const inv of [...fc.sample(invalidChaos, { seed, numRuns: 2000 }), ...invalidKinds('updateChaosSettings')]) {
      const chaos = (inv.body as { chaos?: unknown } | undefined)?.chaos;
      if (inv.pointer !== '/chaos/enabled' && chaos !== null && typeof chaos === 'object' && !Array.isArray(chaos))
        expect((chaos as { enabled?: unknown }).enabled, JSON.stringify(inv)).toBe(false);
    }
  });

  test('generated payloads cover every kind of the schema walk', () => {
    for (const [op, arbitrary] of [
      ['updateChaosSettings', invalidChaos],
      ['updateDataSource', invalidDataSource],
    ] as const) {
      const seen = new Set(fc.sample(arbitrary, { seed, numRuns: 5000 }).map((i) => `${pattern(i.pointer)} ${i.rule}`));
      const wanted = breachesOf(op).map(
        (b) =>
          `${b.slot.pattern} ${b.kind === 'missing-required' ? 'missing-required' : b.sent === 'number' && b.slot.types.includes('integer') ? 'non-integer' : 'wrong-type'}`,
      );
      expect(wanted.filter((w) => !seen.has(w))).toEqual([]);
    }
  });
});
