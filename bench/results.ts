// The benchmark's figures: medians of the runs of each measurement, the ratios to the limit, the targets,
// and the table that prints them. bench/results.json is `summarise`'s output as is.
export interface Sample {
  wallMs: number;
  /** requests sent (conformance runs: the report's count; the limit: answers read in the measured passes) */
  requests: number;
  /** KiB */
  peakKiB: number | undefined;
  /** conformance runs, from the report's check times: spawn to the first check, first check to the end of the last, then to exit */
  startMs?: number;
  checksMs?: number;
  /**
   * first check to the end of the last that waited on no timer: the checks' work, where checks that ask for a deleted
   * fixture again waited until 2 s after the run's delete (suites/deletes.ts waitedForDelete); undefined when none waited
   */
  workMs?: number;
  endMs?: number;
  /** the most requests in flight at once, seen by the proxy in front of the deployment (the latency rows) */
  inFlight?: number;
  /** conformance runs: the longest chain of round trips that could not overlap, and each (the report's summary.chains) */
  chain?: number;
  chains?: Record<string, number>;
}

interface Median {
  wallMs: number;
  requests: number;
  requestsPerSecond: number;
  peakMiB: number | undefined;
  startMs?: number;
  checksMs?: number;
  workMs?: number;
  endMs?: number;
  /** requests per second while checks run: the rate without start and exit */
  checksPerSecond?: number;
  inFlight?: number;
  chain?: number;
}

interface Measurement {
  what: string;
  runs: Sample[];
  median: Median;
}

export interface Results {
  date: string;
  commit: string | undefined;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  settings: {
    repeat: number;
    seed: number;
    propertyRuns: number;
    inFlight: number;
    limitPasses: number;
    mixRequests: number;
    latencyMs: number;
    latencyRuns: number;
    /** the size of row (e)'s answers */
    answerMiB: number;
  };
  limit: Measurement;
  defaultRun: Measurement;
  defaultRunPhases: Measurement;
  properties: Measurement;
  /** (d) a default run against a deployment latencyMs away, and the limit at the same latency and requests in flight */
  latency: Measurement;
  latencyLimit: Measurement;
  /** (e) runs against a deployment answering settings.answerMiB bodies: length declared, and streamed without one */
  bigDeclared: Measurement;
  bigStreamed: Measurement;
  /** (f) runs against a deployment whose every answer is just under the cap: one string, one object of keys */
  underCapString: Measurement;
  underCapKeys: Measurement;
  /** (d)'s floor: its longest chain times the latency, what no number of requests in flight can go below; and (d)'s wall over it */
  floor: { chain: number; ms: number; wallToFloor: number } | undefined;
  ratios: { defaultRunToLimit: number; defaultRunChecksToLimit: number; propertiesToLimit: number; latencyToLimit: number };
  /** each target, or undefined where its row was not measured (--rows) */
  targets: {
    defaultRunUnder1500ms?: boolean;
    propertiesAtLeastHalfTheLimit?: boolean;
    latencyRunUnder5s?: boolean;
    bigAnswersUnder400MB?: boolean;
  };
}

/** The median; NaN for no values (a row not measured). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function optionalMedian(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === values.length && known.length > 0 ? median(known) : undefined;
}

function measurement(what: string, runs: Sample[]): Measurement {
  const peak = optionalMedian(runs.map((r) => r.peakKiB));
  const startMs = optionalMedian(runs.map((r) => r.startMs));
  const checksMs = optionalMedian(runs.map((r) => r.checksMs));
  const workMs = optionalMedian(runs.map((r) => r.workMs));
  const endMs = optionalMedian(runs.map((r) => r.endMs));
  const checksRate = optionalMedian(runs.map((r) => (r.checksMs ? r.requests / (r.checksMs / 1000) : undefined)));
  const inFlight = optionalMedian(runs.map((r) => r.inFlight));
  const chain = optionalMedian(runs.map((r) => r.chain));
  return {
    what,
    runs,
    median: {
      wallMs: median(runs.map((r) => r.wallMs)),
      requests: median(runs.map((r) => r.requests)),
      requestsPerSecond: median(runs.map((r) => r.requests / (r.wallMs / 1000))),
      peakMiB: peak === undefined ? undefined : peak / 1024,
      ...(startMs !== undefined ? { startMs } : {}),
      ...(checksMs !== undefined ? { checksMs } : {}),
      ...(workMs !== undefined ? { workMs } : {}),
      ...(endMs !== undefined ? { endMs } : {}),
      ...(checksRate !== undefined ? { checksPerSecond: checksRate } : {}),
      ...(inFlight !== undefined ? { inFlight } : {}),
      ...(chain !== undefined ? { chain } : {}),
    },
  };
}

/** The runs of each measurement, in the rounds they were made. */
export interface Samples {
  limit: Sample[];
  asTyped: Sample[];
  split: Sample[];
  properties: Sample[];
  latency: Sample[];
  latencyLimit: Sample[];
  bigDeclared: Sample[];
  bigStreamed: Sample[];
  /** (f): measured, judged by no target */
  underCapString?: Sample[];
  underCapKeys?: Sample[];
}

type Measurements = Pick<
  Results,
  'limit' | 'defaultRun' | 'defaultRunPhases' | 'properties' | 'latency' | 'latencyLimit' | 'bigDeclared' | 'bigStreamed' | 'underCapString' | 'underCapKeys'
>;

/** Each row's measurement, saying what it measured. */
function measurements(settings: Results['settings'], samples: Samples): Measurements {
  return {
    limit: measurement(`plain undici loop replaying the mix of a default run, ${settings.inFlight} in flight`, samples.limit),
    defaultRun: measurement('mockapi-conformance with no arguments (embedded reference deployment)', samples.asTyped),
    defaultRunPhases: measurement('the same checks against a reference deployment apart (in the bench process)', samples.split),
    properties: measurement(`the property checks alone (--only generated), --runs ${settings.propertyRuns}`, samples.properties),
    latency: measurement(
      `a default run (--runs ${settings.latencyRuns}) against a reference deployment ${settings.latencyMs} ms away (a proxy holds each request that long)`,
      samples.latency,
    ),
    latencyLimit: measurement(`plain undici loop replaying the mix of (d) through the same proxy, as many in flight as (d) had`, samples.latencyLimit),
    bigDeclared: measurement(`a default run against a deployment answering ${settings.answerMiB} MiB bodies, Content-Length declared`, samples.bigDeclared),
    bigStreamed: measurement(`a default run against a deployment answering ${settings.answerMiB} MiB bodies, streamed without a length`, samples.bigStreamed),
    underCapString: measurement('a default run against a deployment answering one JSON string of 8 MiB less 4 KiB', samples.underCapString ?? []),
    underCapKeys: measurement('a default run against a deployment answering one JSON object of keys, 8 MiB less 4 KiB', samples.underCapKeys ?? []),
  };
}

function ratiosOf(m: Measurements): Results['ratios'] {
  const rate = m.limit.median.requestsPerSecond;
  return {
    latencyToLimit: m.latencyLimit.median.wallMs / m.latency.median.wallMs,
    defaultRunToLimit: m.defaultRun.median.requestsPerSecond / rate,
    defaultRunChecksToLimit: (m.defaultRun.median.checksPerSecond ?? 0) / rate,
    propertiesToLimit: (m.properties.median.checksPerSecond ?? 0) / rate,
  };
}

/** (d)'s longest chain times the latency, and (d)'s wall over it; undefined where (d) counted no chain. */
function floorOf(latency: Measurement, latencyMs: number): Results['floor'] {
  if (latency.median.chain === undefined) return undefined;
  return {
    chain: latency.median.chain,
    ms: latency.median.chain * latencyMs,
    wallToFloor: latency.median.wallMs / (latency.median.chain * latencyMs),
  };
}

function targetsOf(m: Measurements, ratios: Results['ratios'], answerMiB: number): Results['targets'] {
  /** what each target needs measured: a target of a row not run is not judged */
  const ran = (...ms: Measurement[]) => ms.every((x) => x.runs.length > 0);
  const bigPeaksMB = [m.bigDeclared, m.bigStreamed].map((x) => ((x.median.peakMiB ?? Number.POSITIVE_INFINITY) * 1024 * 1024) / 1e6);
  return {
    ...(ran(m.defaultRun) ? { defaultRunUnder1500ms: m.defaultRun.median.wallMs <= 1500 } : {}),
    ...(ran(m.properties, m.limit) ? { propertiesAtLeastHalfTheLimit: ratios.propertiesToLimit >= 0.5 } : {}),
    ...(ran(m.latency) ? { latencyRunUnder5s: m.latency.median.wallMs <= 5000 } : {}),
    // 400 MB as docs/untrusted.md states it (decimal megabytes), for both forms of answer; the target names
    // answers of 100 MiB: smaller ones (--answer-mib) are measured, not judged by it
    ...(ran(m.bigDeclared, m.bigStreamed) && answerMiB >= 100 ? { bigAnswersUnder400MB: bigPeaksMB.every((mb) => mb <= 400) } : {}),
  };
}

export function summarise(input: {
  date: string;
  commit: string | undefined;
  machine: Results['machine'];
  settings: Results['settings'];
  samples: Samples;
}): Results {
  const { settings } = input;
  const measured = measurements(settings, input.samples);
  const ratios = ratiosOf(measured);
  return {
    date: input.date,
    commit: input.commit,
    machine: input.machine,
    settings,
    ...measured,
    floor: floorOf(measured.latency, settings.latencyMs),
    ratios,
    targets: targetsOf(measured, ratios, settings.answerMiB),
  };
}

const seconds = (ms: number | undefined) => (ms === undefined ? '' : `${(ms / 1000).toFixed(2)} s`);
const whole = (n: number | undefined) => (n === undefined ? '' : String(Math.round(n)));
const mib = (n: number | undefined) => (n === undefined ? '' : `${Math.round(n)} MiB`);
const ratio = (n: number) => n.toFixed(2);
/** a ratio to a row that was not measured (--rows) is not a number: shown as nothing */
const ratioOrNothing = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '' : ratio(n));

function rows(label: string, m: Measurement, vsLimit: number | undefined, checksVsLimit: number | undefined): string[][] {
  // a row the bench was told not to measure (--rows d)
  if (m.runs.length === 0) return [];
  const { median: x } = m;
  const out = [[label, seconds(x.wallMs), whole(x.requests), whole(x.requestsPerSecond), mib(x.peakMiB), ratioOrNothing(vsLimit)]];
  if (x.checksMs !== undefined) {
    out.push(
      ['      start to first check', seconds(x.startMs), '', '', '', ''],
      ['      checks', seconds(x.checksMs), '', whole(x.checksPerSecond), '', ratioOrNothing(checksVsLimit)],
      // a wait that outlasted the other checks (on loopback); far away the others end long after it
      ...(x.workMs !== undefined && x.checksMs - x.workMs >= 10
        ? [['        of them waiting for a delete to last', seconds(x.checksMs - x.workMs), '', '', '', '']]
        : []),
      ['      end of last check to exit', seconds(x.endMs), '', '', '', ''],
    );
  }
  return out;
}

/** Each chain of a run, longest first. */
const chainsSaid = (chains: Record<string, number>) =>
  Object.entries(chains)
    .sort((a, b) => b[1] - a[1])
    .map(([lane, trips]) => `${lane} ${trips}`)
    .join(', ');

/** Each target of a row that was measured: met or MISSED, with its figure. */
function targetsSaid(r: Results): string[] {
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const t = r.targets;
  const said: string[] = [];
  if (t.defaultRunUnder1500ms !== undefined) {
    const { workMs, checksMs, startMs } = r.defaultRun.median;
    const waited =
      workMs !== undefined && checksMs !== undefined && startMs !== undefined
        ? `; ${seconds(startMs)} to the first check, then its checks' work ${seconds(workMs)} and ${seconds(checksMs - workMs)} more waiting for the run's deletes to have lasted 2 s`
        : '';
    said.push(`full default run at most 1.5 s: ${met(t.defaultRunUnder1500ms)} (${seconds(r.defaultRun.median.wallMs)}${waited})`);
  }
  if (t.propertiesAtLeastHalfTheLimit !== undefined)
    said.push(`property checks at least half the limit's rate: ${met(t.propertiesAtLeastHalfTheLimit)} (${ratio(r.ratios.propertiesToLimit)})`);
  if (t.latencyRunUnder5s !== undefined)
    said.push(`${r.settings.latencyMs} ms away at most 5 s: ${met(t.latencyRunUnder5s)} (${seconds(r.latency.median.wallMs)})`);
  if (t.bigAnswersUnder400MB !== undefined)
    said.push(
      `peak memory against 100 MiB answers at most 400 MB (381 MiB): ${met(t.bigAnswersUnder400MB)} (${mib(r.bigDeclared.median.peakMiB)} declared, ${mib(r.bigStreamed.median.peakMiB)} streamed)`,
    );
  return said.length > 0 ? said : ['none of the measured rows has one'];
}

/** The table's heading and the rows of each measurement that was made, in the order of the rows (a) to (f). */
function tableOf(r: Results): string[][] {
  const rate = r.limit.median.requestsPerSecond;
  return [
    ['', 'wall', 'requests', 'req/s', 'peak memory', 'vs (a)'],
    ...rows('(a) limit: plain undici, same mix', r.limit, 1, undefined),
    ...rows('(b) full default run, as typed', r.defaultRun, r.ratios.defaultRunToLimit, r.ratios.defaultRunChecksToLimit),
    ...rows(
      '    same checks, reference apart',
      r.defaultRunPhases,
      r.defaultRunPhases.median.requestsPerSecond / rate,
      (r.defaultRunPhases.median.checksPerSecond ?? 0) / rate,
    ),
    ...rows(`(c) property checks, ${r.settings.propertyRuns} runs`, r.properties, r.properties.median.requestsPerSecond / rate, r.ratios.propertiesToLimit),
    ...rows(
      `(d) ${r.settings.latencyMs} ms away, --runs ${r.settings.latencyRuns}, ${whole(r.latency.median.inFlight)} in flight`,
      r.latency,
      undefined,
      undefined,
    ),
    ...(r.floor
      ? [[`      floor: longest chain ${whole(r.floor.chain)} × ${r.settings.latencyMs} ms`, seconds(r.floor.ms), '', '', '', `${ratio(r.floor.wallToFloor)}×`]]
      : []),
    ...rows(`    limit: same mix, latency, in flight`, r.latencyLimit, undefined, undefined),
    ...rows(`(e) ${r.settings.answerMiB} MiB answers, length declared (answers)`, r.bigDeclared, undefined, undefined),
    ...rows(`    ${r.settings.answerMiB} MiB answers, streamed (answers)`, r.bigStreamed, undefined, undefined),
    ...rows('(f) answers just under the cap: one string', r.underCapString, undefined, undefined),
    ...rows('    answers just under the cap: keys', r.underCapKeys, undefined, undefined),
  ];
}

/** Each row as a line, its label left and its figures right in columns as wide as their widest cell. */
function aligned(table: string[][]): string[] {
  const widths = table[0]!.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  return table.map((row) =>
    row
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** The notes under the table: how to read each row that was measured. */
function notesSaid(r: Results): string[] {
  return [
    ...(r.limit.runs.length > 0
      ? [
          `(a) sends the ${r.settings.mixRequests} requests of a default run ${r.settings.limitPasses} times, after one pass to warm up. "checks": from the start of the first check to the end of the last (the report's times).`,
        ]
      : []),
    ...(r.defaultRun.median.workMs !== undefined
      ? [
          `(b) "waiting for a delete to last": the two checks that ask for a deleted fixture again do so 2 s after the run's delete (a delete that does not last shows: suites/deletes.ts), on a timer; the other checks had ended by then.`,
        ]
      : []),
    ...(r.latency.runs.length > 0
      ? [
          `(d) the limit replays (d)'s mix once, without a warm-up pass, with as many requests in flight as (d) had at most: the time the latency alone costs (${ratio(r.ratios.latencyToLimit)} of (d)'s).`,
        ]
      : []),
    ...(r.floor
      ? [
          `(d)'s floor: its longest chain of round trips that could not overlap (one fixture's checks in a row; the report's summary.chains) times the latency; (d) took ${ratio(r.floor.wallToFloor)} times it.`,
        ]
      : []),
    ...(r.latency.runs[0]?.chains ? [`(d)'s chains, round trips in a row: ${chainsSaid(r.latency.runs[0].chains)}.`] : []),
    ...(r.bigDeclared.runs.length > 0
      ? [
          `(e) a run at defaults against a deployment whose every answer is ${r.settings.answerMiB} MiB; "requests" counts the answers begun. A body is read up to the 8 MiB cap (a declared length past it: only the start evidence keeps).`,
        ]
      : []),
    ...(r.underCapString.runs.length > 0
      ? [
          '(f) a run at defaults against a deployment whose every answer is 8 MiB less 4 KiB: one JSON string, or one object of as many keys as fit; each is read whole and is past a parse budget (docs/untrusted.md#bounds). Measured, judged by no target.',
        ]
      : []),
  ];
}

export function formatTable(r: Results): string {
  const m = r.machine;
  return [
    `mockapi-conformance benchmark: ${m.cpus} × ${m.cpuModel}, Node ${m.node}; median of ${r.settings.repeat} runs each; seed ${r.settings.seed}; ${r.settings.inFlight} request(s) in flight`,
    '',
    ...aligned(tableOf(r)),
    '',
    ...notesSaid(r),
    `targets: ${targetsSaid(r).join('; ')}`,
  ].join('\n');
}
