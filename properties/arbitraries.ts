// fast-check arbitraries for every request body and path parameter of the interface. Valid payloads are
// valid by construction (test/harness/arbitraries.test.ts checks them against schemas/). Each invalid payload carries
// the one rule it breaks and where, so that a property can say what was wrong with the input it sent and a
// test can show that the payload breaks that rule and no other.
import fc from 'fast-check';
import { limits } from '../contract/limits.ts';
import { operation, type Json, type OperationId } from '../contract/schemas.ts';
import { quietChaosSettings } from '../contract/chaos.ts';
import { arbitraryBreaches, canonicalBreaches } from './breaches.ts';
import type { Invalid, Rule } from '../contract/invalid.ts';

// the limits of the interface, as the schemas state them
const { percentageFailures: PERCENTAGE, httpErrorStatus: STATUS, mockApiIdLength: ID_LENGTH } = limits();

export type { Invalid } from '../contract/invalid.ts';

/** The values an arbitrary generates. */
type ValueOf<A> = A extends fc.Arbitrary<infer V> ? V : never;

/** The next double above x: the nearest value past an inclusive upper limit. */
export function nextUp(x: number): number {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const bits = buf.getBigUint64(0);
  buf.setBigUint64(0, x >= 0 ? bits + 1n : bits - 1n);
  return buf.getFloat64(0);
}

/** The next double below x: the nearest value past an inclusive lower limit (below 0: -5e-324). */
export const nextDown = (x: number): number => (x === 0 ? -Number.MIN_VALUE : -nextUp(-x));

// ---- chaos settings ------------------------------------------------------------------------------------

const toggle = fc.record({ enabled: fc.boolean() });

/**
 * durationMillis: "integer", "in milliseconds", no bound given: delays of up to ten minutes, and integers past 32
 * bits up to the largest a double holds exactly (a deployment that keeps it in 32 bits refuses or wraps them).
 * Negative delays are not sent: whether a delay may be negative is debatable (docs/checks.md).
 */
const durationMillis = fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }));

/**
 * Valid chaos settings, some with fields left out: a deployment that takes them must answer them right, and one that
 * requires every field (the table marks none optional) may refuse them, which the checks note (docs/checks.md).
 * `enabled` is always false: a run must never make a user's mock API fail at random, and the interface offers no way
 * to read the settings back and restore them.
 */
export const validChaos = fc
  .record(
    {
      percentageFailures: fc.oneof(
        fc.double({ min: PERCENTAGE.min, max: PERCENTAGE.max, noNaN: true }),
        fc.constantFrom(PERCENTAGE.min, PERCENTAGE.max),
        fc.integer({ min: PERCENTAGE.min, max: PERCENTAGE.max }),
      ),
      socketClose: toggle,
      socketReset: toggle,
      invalidHttp: toggle,
      longDelay: fc.record({ enabled: fc.boolean(), durationMillis: durationMillis }, { requiredKeys: [] }),
      httpErrors: fc.array(fc.record({ status: fc.integer({ min: STATUS.min, max: STATUS.max }) }), { maxLength: 5 }),
    },
    { requiredKeys: [] },
  )
  .map((chaos) => ({ chaos: { enabled: false, ...chaos } }));

type ChaosBody = ValueOf<typeof validChaos>;

/**
 * The quiet settings (contract/chaos.ts) with these fields, an object field merged into its quiet one: a whole body,
 * which no deployment may refuse, and which differs from the quiet settings only there.
 */
function quietWith(fields: Partial<ChaosBody['chaos']>): ChaosBody {
  const quiet = quietChaosSettings() as Record<string, unknown>;
  const merged = Object.entries(fields).map(([key, value]) => {
    const base = quiet[key];
    const object = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
    return [key, object(base) && object(value) ? { ...(base as object), ...(value as object) } : value];
  });
  return { chaos: { ...quiet, ...Object.fromEntries(merged) } as ChaosBody['chaos'] };
}

/** Valid chaos settings, every field present: what a deployment must accept whatever it requires. */
export const wholeChaos = validChaos.map((body) => quietWith(body.chaos));

/** Where a chaos body leaves out a field the table shows (contract/chaos.ts): a deployment may refuse it for that. */
export function missingChaosField(body: { chaos: Record<string, unknown> }): string | undefined {
  const quiet = quietChaosSettings() as Record<string, unknown>;
  for (const [key, value] of Object.entries(quiet)) {
    const sent = body.chaos[key];
    if (sent === undefined) return `/chaos/${key}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && sent !== null && typeof sent === 'object')
      for (const inner of Object.keys(value)) if (!(inner in sent)) return `/chaos/${key}/${inner}`;
  }
  return undefined;
}

/** The JSON text a chaos body is sent as, where it is written otherwise than JSON.stringify writes it. */
const SPELLED = Symbol('the JSON text a body is sent as');

/** A valid chaos body sent as this very text: numbers in the JSON notations JSON.stringify never writes (5e1, 50.0, -0). */
function spelled(text: string): ChaosBody {
  const body = JSON.parse(text) as ChaosBody;
  Object.defineProperty(body, SPELLED, { value: text, enumerable: false });
  return body;
}

/** How a valid chaos body is sent: as its own text where it has one (spelled), else as JSON. */
export function chaosRequest(body: object): { raw: string } | { json: unknown } {
  const text = (body as { [SPELLED]?: string })[SPELLED];
  return text === undefined ? { json: body } : { raw: text };
}

/** Values of the whole range of a chaos field's type: a delay past 32 bits, percentageFailures in every JSON notation of a number (RFC 8259 §6). */
export const VALID_CHAOS_VALUES: ChaosBody[] = [
  quietWith({ longDelay: { enabled: false, durationMillis: 2 ** 40 } }),
  ...['5e1', '50.0', '1E2', '-0', '2.5E+1', '125e-1', '0.0'].map((n) =>
    spelled(JSON.stringify(quietWith({ percentageFailures: 7 })).replace('"percentageFailures":7', `"percentageFailures":${n}`)),
  ),
];

/** Valid chaos settings of each kind, sent on every run besides the generated ones: limits, httpErrors empty and repeated, and VALID_CHAOS_VALUES. */
export const VALID_CHAOS_KINDS: ChaosBody[] = [
  // the one body of each run that leaves fields out: a deployment that takes it must show them right
  { chaos: { enabled: false, httpErrors: [] } },
  quietWith({ httpErrors: [] }),
  quietWith({ httpErrors: [{ status: 500 }, { status: 500 }] }),
  quietWith({ percentageFailures: PERCENTAGE.min, httpErrors: [{ status: STATUS.min }, { status: STATUS.max }] }),
  quietWith({ percentageFailures: PERCENTAGE.max }),
  ...VALID_CHAOS_VALUES,
];

/** The description's chaos example, switched off: the base of every canonical chaos payload. */
const chaosExample = (): Json => {
  const body = exampleOf('updateChaosSettings') as { chaos: { enabled: boolean } };
  body.chaos.enabled = false;
  return body as unknown as Json;
};

/** A valid chaos body with percentageFailures replaced. */
const withPercentage = (value: number, rule: Rule) =>
  wholeChaos.map((body): Invalid => ({ rule, pointer: '/chaos/percentageFailures', body: { chaos: { ...body.chaos, percentageFailures: value } } }));

/** A valid chaos body with one httpErrors status replaced, at any position: limits hold for every item. */
const withStatus = (value: number, rule: Rule) =>
  fc.tuple(wholeChaos, fc.nat()).map(([body, n]): Invalid => {
    const have = body.chaos.httpErrors ?? [];
    const errors = [...(have.length > 0 ? have : [{ status: 500 }, { status: 503 }])];
    const at = n % (errors.length + 1);
    errors.splice(at, 0, { status: value });
    return { rule, pointer: `/chaos/httpErrors/${at}/status`, body: { chaos: { ...body.chaos, httpErrors: errors } } };
  });

/**
 * A payload that breaks chaos.enabled itself keeps nothing else that could act: the rest is the quiet settings (contract/chaos.ts), so a
 * deployment that took the wrong value for true (JavaScript reads "false", [] and {} as true) fails nothing.
 */
function quietened(inv: Invalid): Invalid {
  if (inv.pointer !== '/chaos/enabled') return inv;
  const body = inv.body as { chaos: Record<string, unknown> };
  return { ...inv, body: { chaos: { ...quietChaosSettings(), enabled: body.chaos.enabled } } };
}

export const invalidChaos: fc.Arbitrary<Invalid> = fc.oneof(
  fc
    .oneof(
      fc.constant(nextUp(PERCENTAGE.max)),
      fc.double({ min: PERCENTAGE.max, max: 1e9, minExcluded: true, noNaN: true }).filter((v) => v > PERCENTAGE.max),
    )
    .chain((v) => withPercentage(v, 'above-limit')),
  // fast-check's doubles below 0 include -0, which equals 0: filtered by value
  fc
    .oneof(
      fc.constant(nextDown(PERCENTAGE.min)),
      fc.double({ min: -1e9, max: PERCENTAGE.min, maxExcluded: true, noNaN: true }).filter((v) => v < PERCENTAGE.min),
    )
    .chain((v) => withPercentage(v, 'below-limit')),
  // past 32 bits too: read into 32 bits, 2^32 + 500 is 500
  fc
    .oneof(fc.integer({ min: STATUS.max + 1, max: 100_000 }), fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }))
    .chain((v) => withStatus(v, 'above-limit')),
  fc.integer({ min: -100_000, max: STATUS.min - 1 }).chain((v) => withStatus(v, 'below-limit')),
  fc
    .double({ min: STATUS.min, max: STATUS.max, noNaN: true })
    .filter((v) => !Number.isInteger(v))
    .chain((v) => withStatus(v, 'non-integer')),
  arbitraryBreaches('updateChaosSettings', wholeChaos as fc.Arbitrary<Json>, chaosExample()).map(quietened),
  notJsonOrUnwrapped('chaos'),
);

/** The quiet chaos body past a limit: percentageFailures, or a status after a valid one; whole, so that nothing else can be why it is refused. */
function chaosPast(field: 'percentageFailures' | 'status', value: number, rule: Rule): Invalid {
  if (field === 'percentageFailures') return { rule, pointer: '/chaos/percentageFailures', body: quietWith({ percentageFailures: value }) };
  return { rule, pointer: '/chaos/httpErrors/1/status', body: quietWith({ httpErrors: [{ status: 500 }, { status: value }] }) };
}

// ---- state settings ------------------------------------------------------------------------------------

/** Parts of the request an expression may reference (the interface's example is a header). */
const reference = fc.constantFrom(
  'request.headers.X-Context',
  'request.headers.Accept-Language',
  'request.path.[1]',
  'request.query.user',
  'request.cookies.session',
  "jsonPath request.body '$.id'",
);

/** One reference in double braces, or in the forms that nest braces: triple braces, a block around it. */
const braced = fc
  .tuple(reference, fc.constantFrom('plain', 'triple', 'block'))
  .map(([r, form]) => (form === 'plain' ? `{{${r}}}` : form === 'triple' ? `{{{${r}}}}` : `{{#if ${r.split(' ').at(-1)}}}{{${r}}}{{else}}none{{/if}}`));

/** Text between references: none (adjacent braces), ASCII or any script. */
const between = fc.oneof(fc.constant(''), fc.constantFrom('-', ' / ', ':', 'Grüße ', '中文', ' 🙂 '), fc.string({ unit: 'grapheme', maxLength: 8 }));

/** Several references in one expression, adjacent or with text between, in any script. */
const severalReferences = fc
  .array(fc.tuple(between, braced), { minLength: 2, maxLength: 4 })
  .chain((parts) => between.map((tail) => parts.map(([text, ref]) => text + ref).join('') + tail));

const expression = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 60 }), braced, severalReferences);

export const validState = fc.record({ state: fc.record({ defaultContextExpression: expression }) });

/**
 * Valid expressions of each kind, sent on every run besides the generated ones: "a template expression (double-brace
 * syntax that can reference parts of the request, for example a header)" says nothing of how many references, how
 * the braces sit, or the script of the text around them.
 */
export const VALID_EXPRESSIONS: readonly string[] = [
  '{{request.headers.X-Tenant}}-{{request.query.user}}',
  '{{request.headers.X-Tenant}}{{request.path.[1]}}{{request.query.user}}',
  '{{#if request.headers.X-Tenant}}{{{request.headers.X-Tenant}}}{{else}}{{request.query.user}}{{/if}}',
  '{ {{request.headers.X-Tenant}} }',
  'Grüße, {{request.headers.Accept-Language}} – 世界 🙂',
];

export const invalidState: fc.Arbitrary<Invalid> = fc.oneof(
  arbitraryBreaches('updateStateSettings', validState as fc.Arbitrary<Json>, exampleOf('updateStateSettings')),
  notJsonOrUnwrapped('state'),
);

// ---- organisation ------------------------------------------------------------------------------------

/**
 * Names any service takes: letters (of any script), digits, spaces between words and common punctuation,
 * 1 to 40 characters. Whether a name may be empty or all white space is not shown, so none is generated.
 */
export const organisationName = fc
  .array(
    fc.oneof(
      fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -&.,()'".split('')),
      fc.constantFrom('é', 'ß', 'Ж', '中', 'ا', '🙂'),
    ),
    { minLength: 1, maxLength: 40 },
  )
  .map((chars) => chars.join('').replace(/\s+/g, ' ').trim())
  .filter((name) => name.length > 0);

export const validOrganisation = organisationName.map((name) => ({ organisation: { name } }));

/** Names in several scripts, sent on every run besides the generated ones. */
export const VALID_ORGANISATION_KINDS = [{ organisation: { name: 'Zürich Ärzte – 東京 🙂' } }, { organisation: { name: "O'Brien & Söhne (Ж)" } }];

export const invalidOrganisation: fc.Arbitrary<Invalid> = fc.oneof(
  arbitraryBreaches('updateOrganisation', validOrganisation as fc.Arbitrary<Json>, exampleOf('updateOrganisation')),
  notJsonOrUnwrapped('organisation'),
);

// ---- data source ------------------------------------------------------------------------------------

/** A column of one of the four type names the interface shows, with a generator of cells that fit it. */
const columnKinds = {
  STRING: { type: { name: 'STRING' }, cell: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  DATE: {
    type: { name: 'DATE', format: 'iso8601' },
    cell: fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  BOOLEAN: { type: { name: 'BOOLEAN' }, cell: fc.constantFrom('true', 'false') },
  INTEGER: { type: { name: 'INTEGER' }, cell: fc.integer().map(String) },
} as const;

const columns = fc.uniqueArray(
  fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), kind: fc.constantFrom(...(Object.keys(columnKinds) as (keyof typeof columnKinds)[])) }),
  { minLength: 1, maxLength: 6, selector: (c) => c.name },
);

export const validDataSource = columns.chain((cols) =>
  fc
    .record({
      name: organisationName,
      rows: fc.array(fc.tuple(...cols.map((c) => columnKinds[c.kind].cell)), { maxLength: 8 }),
    })
    .map(({ name, rows }) => ({
      dataSource: {
        name,
        type: 'CSV',
        columnsMetadata: cols.map((c) => ({ name: c.name, type: { ...columnKinds[c.kind].type } })),
        rows: rows.map((r) => [...r]),
      },
    })),
);

/** A row one or more strings short of, or past, the number of columns (every cell still a string), at any position. */
function misfitRow(body: { dataSource: { columnsMetadata: unknown[]; rows: string[][] } }, n: number, longer: boolean, at: number): Invalid {
  const b = structuredClone(body);
  const width = b.dataSource.columnsMetadata.length;
  const row = Array.from({ length: longer ? width + n : Math.max(0, width - n) }, (_, i) => `v${i}`);
  const index = at % (b.dataSource.rows.length + 1);
  b.dataSource.rows.splice(index, 0, row);
  return { rule: 'rows-misfit', pointer: `/dataSource/rows/${index}`, body: b };
}

export const invalidDataSource: fc.Arbitrary<Invalid> = fc.oneof(
  fc.tuple(validDataSource, fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.nat()).map(([body, n, longer, at]) => misfitRow(body, n, longer, at)),
  arbitraryBreaches('updateDataSource', validDataSource as fc.Arbitrary<Json>, exampleOf('updateDataSource')),
  notJsonOrUnwrapped('dataSource'),
);

// ---- push ------------------------------------------------------------------------------------------

/**
 * Valid push bodies. Allowed values of outOfSyncPolicy are not shown, so any string is valid by the schema; the
 * property checks send none of these (each push starts a job that writes to a Git repository, and a
 * deployment may refuse a value it does not know), only the invalid ones below.
 */
export const validPush = fc.record({ push: fc.record({ outOfSyncPolicy: fc.string({ maxLength: 30 }) }, { requiredKeys: [] }) });

/** The one valid push body a run may build on: the user's own policy (a value the interface does not name is never invented). */
const pushWith = (policy: string): Json => ({ push: { outOfSyncPolicy: policy } });

/** Invalid push bodies around the user's own policy. */
export const invalidPush = (policy: string): fc.Arbitrary<Invalid> =>
  fc.oneof(arbitraryBreaches('pushOpenApiToGit', fc.constant(pushWith(policy)), pushWith(policy)), notJsonOrUnwrapped('push'));

// ---- size ----------------------------------------------------------------------------------------------

/**
 * A valid body padded past `bytes` with an unknown field. The interface shows no maximum body size, so
 * such a body may be accepted or refused; what it must never get is a 5xx (the reference answers 413 past
 * 1 MiB).
 */
export function oversize(body: Record<string, unknown>, wrapper: string, bytes: number): Invalid {
  const padded = structuredClone(body) as Record<string, Record<string, unknown>>;
  padded[wrapper]!.padding = 'x'.repeat(bytes);
  return { rule: 'too-large', pointer: '', body: padded };
}

// ---- what no schema walk finds -----------------------------------------------------------------------------

/** Texts that are not JSON, the first one a body cut short (a function, so that the generators above may call it at load). */
function notJsonTexts(wrapper: string): string[] {
  return [`{"${wrapper}":`, `${wrapper}=1`, "{'a': 1}", '{"a" 1}', '[1,]'];
}

/** Text that is not JSON, and objects of random keys without the wrapper (breaches.ts leaves the wrapper out of valid bodies only). */
function notJsonOrUnwrapped(wrapper: string): fc.Arbitrary<Invalid> {
  return fc.oneof(
    fc
      .dictionary(
        fc.string().filter((k) => k !== wrapper),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      )
      .map((b): Invalid => ({ rule: 'missing-required', pointer: `/${wrapper}`, body: b, type: 'object' })),
    fc
      .oneof(fc.constantFrom(...notJsonTexts(wrapper)), fc.string({ minLength: 1 }).filter(isNotJson))
      .map((raw): Invalid => ({ rule: 'not-json', pointer: '', body: undefined, raw })),
  );
}

function isNotJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/** The first example request body of an operation in openapi.yaml, a fresh copy. */
function exampleOf(op: OperationId): Json {
  const example = operation(op).requestBody?.examples[0];
  if (example === undefined) throw new Error(`openapi.yaml has no example request body for ${op}`);
  return structuredClone(example);
}

// ---- one of each kind ---------------------------------------------------------------------------------------

/**
 * One invalid payload of each kind an operation's generators make, built on the description's example (and the
 * user's push policy): every type break at every depth (breaches.ts), the nearest doubles past the limits and
 * statuses past them after a valid one (one past 32 bits, which a 32-bit reading takes for a valid status), and text
 * that is not JSON. Sent on every run before the generated ones, whatever the seed: complete by construction.
 */
export function invalidKinds(op: OperationId, pushPolicy = ''): Invalid[] {
  const wrapper =
    op === 'updateChaosSettings'
      ? 'chaos'
      : op === 'updateStateSettings'
        ? 'state'
        : op === 'updateOrganisation'
          ? 'organisation'
          : op === 'updateDataSource'
            ? 'dataSource'
            : 'push';
  const notJson: Invalid = { rule: 'not-json', pointer: '', body: undefined, raw: notJsonTexts(wrapper)[0]! };
  switch (op) {
    case 'updateChaosSettings':
      return [
        ...canonicalBreaches(op, chaosExample()).map(quietened),
        chaosPast('percentageFailures', nextUp(PERCENTAGE.max), 'above-limit'),
        chaosPast('percentageFailures', nextDown(PERCENTAGE.min), 'below-limit'),
        chaosPast('status', STATUS.max + 1, 'above-limit'),
        chaosPast('status', 2 ** 32 + STATUS.max, 'above-limit'),
        chaosPast('status', STATUS.min - 1, 'below-limit'),
        chaosPast('status', STATUS.min + 0.5, 'non-integer'),
        notJson,
      ];
    // rows that do not fit are left to generation (a third of the generated data source payloads): the
    // hand-written checks send a short row, and a failing generated one shrinks to show the smallest misfit

    case 'pushOpenApiToGit':
      return [...canonicalBreaches(op, pushWith(pushPolicy)), notJson];
    default:
      return [...canonicalBreaches(op, exampleOf(op)), notJson];
  }
}

// ---- path parameters and credentials ------------------------------------------------------------------

/** mockApiIds within 5 to 10 characters, of characters that need no escaping in a path. */
export const mockApiIdInRange = fc.stringMatching(new RegExp(`^[a-z0-9]{${ID_LENGTH.min},${ID_LENGTH.max}}$`));

/** mockApiIds outside the limits (5 to 10 characters), of characters that need no escaping in a path. */
export const mockApiIdOutOfRange = fc.oneof(
  fc.stringMatching(new RegExp(`^[a-z0-9]{1,${ID_LENGTH.min - 1}}$`)),
  fc.stringMatching(new RegExp(`^[a-z0-9]{${ID_LENGTH.max + 1},40}$`)),
);

/**
 * Authorization values that are not `Token <key>`: other schemes, the scheme without a key, keys that are
 * close to the real one. Values HTTP would read as `token <key>` (scheme case, extra spaces) are left out:
 * a deployment may accept those.
 */
export function otherAuthorization(key: string, forbiddenKey: string | undefined): fc.Arbitrary<string> {
  const printable = fc.string({ unit: fc.constantFrom(...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))), maxLength: 60 });
  const scheme = fc.constantFrom('Token', 'token', 'Bearer', 'Basic', 'ApiKey', 'Tokens', 'Toke');
  const nearKey = fc.oneof(
    fc.constant(''),
    fc.integer({ min: 1, max: Math.max(1, key.length - 1) }).map((n) => key.slice(0, n)),
    printable.filter((s) => s.length > 0 && !/\s/.test(s)).map((s) => key + s),
    fc.integer({ min: 0, max: key.length - 1 }).map((i) => key.slice(0, i) + (key[i] === 'x' ? 'y' : 'x') + key.slice(i + 1)),
    printable,
  );
  const isTheKey = (value: string) => {
    const [s = '', ...rest] = value.trim().split(/ +/);
    const k = rest.join(' ');
    return s.toLowerCase() === 'token' && (k === key || k === forbiddenKey);
  };
  return fc
    .oneof(
      fc.tuple(scheme, nearKey).map(([s, k]) => `${s} ${k}`),
      fc.constant(key),
      printable,
    )
    .filter((v) => !isTheKey(v));
}

/**
 * Valid configurations of each kind, sent on every run besides the generated ones: no rows at all, and cells a CSV
 * writer must quote (comma, quote, line break), a formula-like cell, an empty cell, any script; every column type.
 */
export const VALID_DATA_SOURCE_KINDS: ValueOf<typeof validDataSource>[] = [
  { dataSource: { name: 'Leer – 空', type: 'CSV', columnsMetadata: [{ name: 'a', type: { name: 'STRING' } }], rows: [] } },
  {
    dataSource: {
      name: 'CSV: "quoted", comma',
      type: 'CSV',
      columnsMetadata: [
        { name: 'text', type: { name: 'STRING' } },
        { name: 'n', type: { name: 'INTEGER' } },
        { name: 'ok', type: { name: 'BOOLEAN' } },
        { name: 'day', type: { name: 'DATE', format: 'iso8601' } },
      ],
      rows: [
        ['a,b', '1', 'true', '2024-02-29'],
        ['"quoted"', '-7', 'false', '1900-01-01'],
        ['line\nbreak', '0', 'true', '2100-12-31'],
        ['=1+2', '42', 'false', '2000-01-01'],
        ['', '9', 'true', '1999-12-31'],
        ['ünïcødé 🙂 中文', '3', 'false', '2020-06-15'],
      ],
    },
  },
];
