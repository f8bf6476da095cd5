// Traffic recorded elsewhere (a HAR file, what passed through the proxy), judged exchange by exchange as
// checkExchange judges one (its evidence made for failures alone) and turned into the report a live run writes:
// one check per exchange of the nine operations, graded as a live run grades its checks; the rest counted and
// listed as ignored. Nothing is sent.
import { judgeExchange, operationOf, pathOfUrl, type RecordedRequest, type RecordedResponse } from '../judge/exchange.ts';
import { failureMessage, type Violation } from '../judge/judge.ts';
import { bounded, inertLine, MESSAGE_CHARS } from '../../contract/untrusted.ts';
import type { CheckResult, ConformanceReport } from '../../contract/report.ts';
import { OUTCOMES, type Outcome } from '../../contract/report.ts';
import { requirement } from '../../contract/requirements.ts';
import { SUCCESS } from '../judge/checker.ts';
import { packageVersion } from '../../contract/package-root.ts';
import type { OperationId } from '../../contract/schemas.ts';
import { transientStatus } from '../http/transient.ts';
import { KeyRing } from './keys.ts';

export interface RecordedExchange {
  request: RecordedRequest;
  /** undefined: no HTTP answer was recorded (the request failed, was aborted, or the upstream gave none) */
  response: RecordedResponse | undefined;
  /** why there is no answer, when there is none */
  error?: string;
  /** when the request was sent (any form Date.parse reads) */
  startedAt?: string;
  durationMs?: number;
}

/** An exchange that is none of the nine operations: counted, listed by method and path (never the query, which may hold a key). */
export interface Ignored {
  method: string;
  path: string;
  count: number;
}

/** Checks judged but not kept in full (past the limit of their outcome): counted by requirement and outcome. */
interface NotKept {
  checks: number;
  requirements: { requirement: string; outcome: Outcome; count: number }[];
}

export interface RecordedJudgement {
  /** the checks kept in full (the first of each outcome, up to the limit) */
  checks: CheckResult[];
  /** every check judged, by outcome, kept or not */
  counts: Record<Outcome, number>;
  notKept?: NotKept;
  ignored: Ignored[];
  /** the origins of the exchanges judged, in the order met */
  origins: string[];
  /** false: the recording holds no credentials, so missing ones were not judged (see credentialsRecorded) */
  credentialsRecorded: boolean;
}

export interface RecordedLimits {
  /** checks of one outcome kept in full, at most; the rest are counted */
  kept: number;
  /** distinct method and path pairs of no operation listed one by one, at most; the rest together */
  ignored: number;
  /** origins listed, at most */
  origins: number;
}

/** Bytes of a recorded body held to be judged, at most, as a live run's client reads: past them only the status is judged. */
export const RECORDED_BODY_BYTES = 8 * 1024 * 1024;

export const RECORDED_LIMITS: RecordedLimits = { kept: 1000, ignored: 1000, origins: 100 };

const originOf = (url: string): string | undefined => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
};

/** One exchange judged: its result as a check of a live run is reported, and the violations it shows. */
export interface Judged {
  result: CheckResult;
  violations: Violation[];
}

/**
 * Why a recorded exchange is not judged: no HTTP answer was recorded, or a transient one (429, 503), which says
 * "not now" and which a recording cannot send again as a live run does. Undefined: it is judged.
 */
function unjudgedAnswer({ response, error }: RecordedExchange): { title: string; message: string } | undefined {
  if (response === undefined || !(response.status >= 100 && response.status <= 599)) {
    return { title: ': no answer', message: `no HTTP answer was recorded${error ? `: ${bounded(error)}` : ''}; nothing to judge` };
  }
  if (!transientStatus(response.status)) return undefined;
  return {
    title: ` answered ${response.status}`,
    message: `answered ${response.status}, a transient answer (429: RFC 6585 §4, 503: RFC 9110 §15.6.4) that says "not now", nothing about the request, and a recording cannot send it again; nothing to judge`,
  };
}

/** What every result of a recorded exchange says, judged or not: its id, area, operation, start and duration. */
function commonOf(exchange: RecordedExchange, index: number, operation: OperationId) {
  const started = exchange.startedAt === undefined ? NaN : Date.parse(exchange.startedAt);
  return {
    id: `recorded/${index + 1}-${operation}`,
    area: 'recorded',
    operation,
    notes: [] as string[],
    ...(Number.isNaN(started) ? {} : { startedAt: new Date(started).toISOString() }),
    durationMs: Math.max(0, Math.round(exchange.durationMs ?? 0)),
  };
}

/** The judgement of one recorded exchange; undefined for one of no operation. */
export function judgeOne(
  exchange: RecordedExchange,
  index: number,
  profile: 'live' | 'mock',
  credentialsRecorded = true,
  keys: KeyRing = new KeyRing(),
): Judged | undefined {
  const { request, response } = exchange;
  const found = operationOf(request.method, request.url);
  if (!found) return undefined;
  const method = request.method.toUpperCase();
  // a title holds the path a client sent: cut (contract/untrusted.ts), and a key in it redacted
  const path = keys.redact(bounded(pathOfUrl(request.url), 300));
  const common = commonOf(exchange, index, found.operation);
  const unjudged = unjudgedAnswer({ ...exchange, ...(exchange.error ? { error: keys.redact(exchange.error) } : {}) });
  if (unjudged) {
    const r = SUCCESS[found.operation].body;
    const result: CheckResult = {
      ...common,
      title: `${r} ${method} ${path}${unjudged.title}`,
      requirement: r,
      level: requirement(r).level,
      outcome: 'errored',
      message: unjudged.message,
      violated: [],
      evidence: [],
    };
    return { result, violations: [] };
  }
  // an HTTP answer was recorded: unjudgedAnswer said so
  const verdict = judgeExchange({
    request,
    response: response!,
    profile,
    credentialsRecorded,
    otherKeys: keys.othersOf(request),
    pastedKeys: keys.pastedFor(request.url),
  });
  const judged = verdict.outcome === 'failed' || verdict.outcome === 'warned';
  const evidence = judged ? [verdict.evidence()] : [];
  const result: CheckResult = {
    ...common,
    title: `${verdict.requirement} ${method} ${path} answered ${response!.status}`,
    requirement: verdict.requirement,
    level: requirement(verdict.requirement).level,
    outcome: verdict.outcome,
    message: bounded(judged ? failureMessage(verdict.violations, evidence, verdict.notes) : verdict.notes.join('\n'), MESSAGE_CHARS),
    violated: judged ? [...new Set(verdict.violations.map((v) => v.requirement))] : [],
    notes: verdict.notes,
    evidence,
  };
  return { result, violations: verdict.violations };
}

const hasAuthorization = (e: RecordedExchange) => Object.keys(e.request.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');

/** Of an exchange of the nine operations, whether it carries an Authorization header; undefined for any other. */
export const authorizationOf = (e: RecordedExchange): boolean | undefined => (operationOf(e.request.method, e.request.url) ? hasAuthorization(e) : undefined);

/**
 * Whether a recording kept credentials: one that holds no Authorization header in any exchange of the nine
 * operations was most likely sanitized (Chrome exports HAR without them by default), and then a request
 * without one is not taken for one sent without one.
 */
function credentialsRecorded(exchanges: readonly RecordedExchange[]): boolean {
  const seen = exchanges.map(authorizationOf).filter((a) => a !== undefined);
  return seen.length === 0 || seen.includes(true);
}

/** What judging recorded traffic keeps as it goes: the first checks of each outcome, counts, ignored paths, origins. */
export class Tally {
  readonly checks: CheckResult[] = [];
  readonly counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  private readonly notKept = new Map<string, { requirement: string; outcome: Outcome; count: number }>();
  private readonly ignored = new Map<string, Ignored>();
  private readonly origins: string[] = [];

  constructor(private readonly limits: RecordedLimits = RECORDED_LIMITS) {}

  /** A check judged: kept in full while its outcome has fewer than the limit, else counted. */
  add(result: CheckResult, url: string): void {
    this.counts[result.outcome]++;
    if (this.counts[result.outcome] <= this.limits.kept) this.checks.push(result);
    else {
      const key = `${result.outcome} ${result.requirement}`;
      const known = this.notKept.get(key);
      if (known) known.count++;
      else this.notKept.set(key, { requirement: result.requirement, outcome: result.outcome, count: 1 });
    }
    const origin = originOf(url);
    if (origin && this.origins.length < this.limits.origins && !this.origins.includes(origin)) this.origins.push(origin);
  }

  /** An exchange of no operation: counted by method and path, the first so many listed, the rest together. */
  ignore(method: string, path: string): void {
    const key = this.ignored.size < this.limits.ignored || this.ignored.has(`${method} ${path}`) ? `${method} ${path}` : 'others';
    const known = this.ignored.get(key);
    if (known) known.count++;
    else
      this.ignored.set(
        key,
        key === 'others' ? { method: '…', path: `(other paths past the first ${this.limits.ignored})`, count: 1 } : { method, path, count: 1 },
      );
  }

  judgement(credentialsRecorded: boolean): RecordedJudgement {
    const notKept = [...this.notKept.values()];
    return {
      checks: this.checks,
      counts: { ...this.counts },
      ...(notKept.length > 0 ? { notKept: { checks: notKept.reduce((n, r) => n + r.count, 0), requirements: notKept } } : {}),
      ignored: [...this.ignored.values()],
      origins: [...this.origins],
      credentialsRecorded,
    };
  }
}

/** The exchange judged into the tally, or counted as ignored; what a client sent is cut and its keys redacted. */
export function tallyOne(
  tally: Tally,
  exchange: RecordedExchange,
  index: number,
  profile: 'live' | 'mock',
  withCredentials: boolean,
  keys: KeyRing,
  amend?: (result: CheckResult) => void,
): Judged | undefined {
  const judged = judgeOne(exchange, index, profile, withCredentials, keys);
  if (judged) amend?.(judged.result);
  if (judged) tally.add(judged.result, exchange.request.url);
  // a path of megabytes is not copied into every report
  else tally.ignore(keys.redact(bounded(exchange.request.method.toUpperCase(), 100)), keys.redact(bounded(pathOfUrl(exchange.request.url), 300)));
  return judged;
}

/** Every exchange judged, in the order recorded; those of no operation counted by method and path. */
export function judgeRecorded(
  exchanges: readonly RecordedExchange[],
  profile: 'live' | 'mock',
  withCredentials = credentialsRecorded(exchanges),
  limits: RecordedLimits = RECORDED_LIMITS,
): RecordedJudgement {
  const keys = new KeyRing();
  for (const e of exchanges) keys.learn(e.request, e.response);
  const tally = new Tally(limits);
  exchanges.forEach((exchange, index) => tallyOne(tally, exchange, index, profile, withCredentials, keys));
  return tally.judgement(withCredentials);
}

/** The report of recorded traffic: the same shape as a live run's, with what was recorded and ignored. */
export function recordedReport(
  judgement: RecordedJudgement,
  options: { source: string; baseUrl?: string; profile: 'live' | 'mock'; strict: boolean; durationMs: number; exchanges: number },
): ConformanceReport {
  return {
    tool: { name: 'mockapi-conformance', version: packageVersion() },
    target: { baseUrl: options.baseUrl ?? judgement.origins[0] ?? 'http://recorded.invalid', profile: options.profile, embedded: false },
    run: { seed: 0, runs: 0, strict: options.strict },
    // nothing is sent: the exchanges were recorded
    summary: { ...judgement.counts, requests: 0, durationMs: Math.round(options.durationMs) },
    checks: judgement.checks,
    errors: [],
    recorded: {
      source: options.source,
      exchanges: options.exchanges,
      judged: OUTCOMES.reduce((n, o) => n + judgement.counts[o], 0),
      origins: judgement.origins,
      ignored: judgement.ignored,
      ...(judgement.notKept ? { notKept: judgement.notKept } : {}),
    },
  };
}

/** One line on what was ignored, listed by method and path; empty when nothing was. */
export function ignoredLines(ignored: readonly Ignored[]): string {
  if (ignored.length === 0) return '';
  const total = ignored.reduce((n, i) => n + i.count, 0);
  // method and path are what a client sent: one inert line each (contract/untrusted.ts)
  return [
    `Ignored ${total} exchange${total === 1 ? '' : 's'} of none of the nine operations:`,
    ...ignored.map((i) => `  ${i.count} × ${bounded(inertLine(`${i.method} ${i.path}`), 300)}`),
  ].join('\n');
}
