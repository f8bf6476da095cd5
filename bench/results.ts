// The benchmark's figures: medians of the runs of each measurement, the ratios to the limit, the targets,
// and the table that prints them. bench/results.json is `summarise`'s output as is.
export interface Sample {
  wallMs: number;
  /** requests sent (conformance runs: the report's count; the limit: answers read in the measured passes) */
  requests: number;
  /** KiB */
  peakKiB: number | undefined;
  /** where a reference in the bench process saw the requests: spawn to first, first to last, last to exit */
  startMs?: number;
  requestPhaseMs?: number;
  endMs?: number;
  /** requests that reference answered (the run's own, plus its reachability probe) */
  observedRequests?: number;
}

export interface Median {
  wallMs: number;
  requests: number;
  requestsPerSecond: number;
  peakMiB: number | undefined;
  startMs?: number;
  requestPhaseMs?: number;
  endMs?: number;
  /** requests per second from the first request to the last */
  requestPhasePerSecond?: number;
}

export interface Measurement {
  what: string;
  runs: Sample[];
  median: Median;
}

export interface Results {
  date: string;
  commit: string | undefined;
  machine: { node: string; platform: string; cpus: number; cpuModel: string };
  settings: { repeat: number; seed: number; propertyRuns: number; inFlight: number; limitPasses: number; mixRequests: number };
  limit: Measurement;
  defaultRun: Measurement;
  defaultRunPhases: Measurement;
  properties: Measurement;
  ratios: { defaultRunToLimit: number; defaultRunRequestPhaseToLimit: number; propertiesToLimit: number };
  targets: { defaultRunUnder5s: boolean; propertiesAtLeastHalfTheLimit: boolean };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function optionalMedian(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === values.length && known.length > 0 ? median(known) : undefined;
}

export function measurement(what: string, runs: Sample[]): Measurement {
  const peak = optionalMedian(runs.map((r) => r.peakKiB));
  const startMs = optionalMedian(runs.map((r) => r.startMs));
  const requestPhaseMs = optionalMedian(runs.map((r) => r.requestPhaseMs));
  const endMs = optionalMedian(runs.map((r) => r.endMs));
  const phaseRate = optionalMedian(runs.map((r) => (r.requestPhaseMs && r.observedRequests ? r.observedRequests / (r.requestPhaseMs / 1000) : undefined)));
  return {
    what,
    runs,
    median: {
      wallMs: median(runs.map((r) => r.wallMs)),
      requests: median(runs.map((r) => r.requests)),
      requestsPerSecond: median(runs.map((r) => r.requests / (r.wallMs / 1000))),
      peakMiB: peak === undefined ? undefined : peak / 1024,
      ...(startMs !== undefined ? { startMs } : {}),
      ...(requestPhaseMs !== undefined ? { requestPhaseMs } : {}),
      ...(endMs !== undefined ? { endMs } : {}),
      ...(phaseRate !== undefined ? { requestPhasePerSecond: phaseRate } : {}),
    },
  };
}

export function summarise(input: {
  date: string;
  commit: string | undefined;
  machine: Results['machine'];
  settings: Results['settings'];
  samples: { limit: Sample[]; asTyped: Sample[]; split: Sample[]; properties: Sample[] };
}): Results {
  const { settings, samples } = input;
  const limit = measurement(`plain undici loop replaying the mix of a default run, ${settings.inFlight} in flight`, samples.limit);
  const defaultRun = measurement('mockapi-conformance with no arguments (embedded reference deployment)', samples.asTyped);
  const defaultRunPhases = measurement('the same checks against a reference deployment in the bench process', samples.split);
  const properties = measurement(`the property checks alone (--only generated), --runs ${settings.propertyRuns}`, samples.properties);
  const rate = limit.median.requestsPerSecond;
  const ratios = {
    defaultRunToLimit: defaultRun.median.requestsPerSecond / rate,
    defaultRunRequestPhaseToLimit: (defaultRunPhases.median.requestPhasePerSecond ?? 0) / rate,
    propertiesToLimit: (properties.median.requestPhasePerSecond ?? 0) / rate,
  };
  return {
    date: input.date,
    commit: input.commit,
    machine: input.machine,
    settings,
    limit,
    defaultRun,
    defaultRunPhases,
    properties,
    ratios,
    targets: { defaultRunUnder5s: defaultRun.median.wallMs < 5000, propertiesAtLeastHalfTheLimit: ratios.propertiesToLimit >= 0.5 },
  };
}

const seconds = (ms: number | undefined) => (ms === undefined ? '' : `${(ms / 1000).toFixed(2)} s`);
const whole = (n: number | undefined) => (n === undefined ? '' : String(Math.round(n)));
const mib = (n: number | undefined) => (n === undefined ? '' : `${Math.round(n)} MiB`);
const ratio = (n: number) => n.toFixed(2);

export function formatTable(r: Results): string {
  const rows: string[][] = [
    ['', 'wall', 'requests', 'req/s', 'peak memory', 'vs (a)'],
    ['(a) limit: plain undici, same mix', seconds(r.limit.median.wallMs), whole(r.limit.median.requests), whole(r.limit.median.requestsPerSecond), mib(r.limit.median.peakMiB), '1.00'],
    ['(b) full default run, as typed', seconds(r.defaultRun.median.wallMs), whole(r.defaultRun.median.requests), whole(r.defaultRun.median.requestsPerSecond), mib(r.defaultRun.median.peakMiB), ratio(r.ratios.defaultRunToLimit)],
    ['    same checks, reference apart:', seconds(r.defaultRunPhases.median.wallMs), whole(r.defaultRunPhases.median.requests), whole(r.defaultRunPhases.median.requestsPerSecond), mib(r.defaultRunPhases.median.peakMiB), ''],
    ['      start to first request', seconds(r.defaultRunPhases.median.startMs), '', '', '', ''],
    ['      first to last request', seconds(r.defaultRunPhases.median.requestPhaseMs), '', whole(r.defaultRunPhases.median.requestPhasePerSecond), '', ratio(r.ratios.defaultRunRequestPhaseToLimit)],
    ['      last request to exit', seconds(r.defaultRunPhases.median.endMs), '', '', '', ''],
    [`(c) property checks, ${r.settings.propertyRuns} runs`, seconds(r.properties.median.wallMs), whole(r.properties.median.requests), whole(r.properties.median.requestsPerSecond), mib(r.properties.median.peakMiB), ''],
    ['      first to last request', seconds(r.properties.median.requestPhaseMs), '', whole(r.properties.median.requestPhasePerSecond), '', ratio(r.ratios.propertiesToLimit)],
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ').trimEnd();
  const m = r.machine;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  return [
    `mockapi-conformance benchmark: ${m.cpus} × ${m.cpuModel}, Node ${m.node}; median of ${r.settings.repeat} runs each; seed ${r.settings.seed}; ${r.settings.inFlight} request(s) in flight`,
    '',
    ...rows.map(line),
    '',
    `(a) sends the ${r.settings.mixRequests} requests of a default run ${r.settings.limitPasses} times after one pass to warm up; (c)'s ratio is its rate from first to last request.`,
    `targets: full default run under 5 s: ${met(r.targets.defaultRunUnder5s)} (${seconds(r.defaultRun.median.wallMs)}); property checks at least half the limit's rate: ${met(r.targets.propertiesAtLeastHalfTheLimit)} (${ratio(r.ratios.propertiesToLimit)})`,
  ].join('\n');
}
