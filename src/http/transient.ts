// Answers that say "not now" rather than anything about the request: which they are, how long the client waits
// before it sends the request again, and the words that say so. Client.send holds and resends them; a check
// (throwFailure, the property checks), checkExchange and a recording's judgement judge nothing of one still transient.

/** What this module reads of an exchange (src/http/client.ts Exchange), named here so that the client alone imports the other. */
interface Answered {
  status: number;
  headers: Record<string, string>;
  error?: string;
  transient?: string;
  unparsed?: string;
  withheld?: string;
}

/**
 * 429 Too Many Requests (RFC 6585 §4) and 503 Service Unavailable (RFC 9110 §15.6.4: overload or maintenance,
 * "likely to be alleviated after some delay"), whatever their body. Not 502 or 504: a gateway's word that the
 * deployment behind it failed this request (a crash, a hang), which may be the very verdict a check is after.
 */
export const transientStatus = (status: number): boolean => status === 429 || status === 503;

/**
 * How long the effect of a write answered 202 Accepted (its work pending) is given to show, at most: a few seconds of a
 * queue's work. The checks' reads of it wait that long (src/harness/pending.ts), and so does anything that reads what
 * the run's writes left (WriteWatch).
 */
export const PENDING_EFFECT_MS = 5_000;

/** A transient answer is waited out and the request sent again this many times at most: a short outage is waited out, a long one is reported. */
export const TRANSIENT_RETRIES = 3;
/** The longest one wait, in seconds, whatever Retry-After asks: one header does not park a run for long. */
const MAX_RETRY_AFTER_S = 30;
/** The first wait after a transient answer without Retry-After, in seconds; doubled for each wait after it, so a longer outage is met with fewer requests. */
const BACK_OFF_S = 1;

/** One wait before a request was sent again: the answer that asked for it, how long, and whether Retry-After said so. */
export interface TransientWait {
  status: number;
  seconds: number;
  /** true: Retry-After asked for it; false: a back-off, the answer said no time */
  asked: boolean;
}

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP-date), within 0..MAX_RETRY_AFTER_S; undefined when it says none. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const seconds = /^\s*\d+\s*$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds)) : undefined;
}

/**
 * The wait a transient answer asks for before its request is sent again, after `waited` waits for it already:
 * Retry-After, or else a back-off that doubles with each wait. Undefined for an answer that is not transient. A
 * Retry-After date is read against the answer's own Date, the deployment's clock, which may be any way off this
 * machine's (`clock`, used only where the answer has no readable Date).
 */
export function transientWait(exchange: Pick<Answered, 'status' | 'headers'>, waited: number, clock = Date.now()): TransientWait | undefined {
  if (!transientStatus(exchange.status)) return undefined;
  const answered = Date.parse(exchange.headers.date ?? '');
  const asked = retryAfterSeconds(exchange.headers['retry-after'], Number.isNaN(answered) ? clock : answered);
  if (asked !== undefined) return { status: exchange.status, seconds: asked, asked: true };
  return { status: exchange.status, seconds: Math.min(MAX_RETRY_AFTER_S, BACK_OFF_S * 2 ** waited), asked: false };
}

const seconds = (waits: readonly TransientWait[]) => waits.map((w) => `${Number(w.seconds.toFixed(1))} s`).join(', ');

/** Where the waits' lengths came from, in words. */
function source(waits: readonly TransientWait[]): string {
  if (waits.every((w) => w.asked)) return 'Retry-After';
  if (waits.every((w) => !w.asked)) return 'backed off: no Retry-After';
  return 'Retry-After, or backed off without it';
}

/** The waits for answers of one status before the answer judged, for the evidence; undefined when there were none. */
export function waitsSaid(waits: readonly TransientWait[] | undefined, status: number): string | undefined {
  const of = (waits ?? []).filter((w) => w.status === status);
  if (of.length === 0) return undefined;
  return `answered ${status} ${of.length} time(s) first; waited ${seconds(of)} (${source(of)})`;
}

/**
 * Why an answer still transient when the client gave up judges nothing: all it was answered, the waits, and why
 * it was not sent again (the waits were used up, or the check or the run was stopped). Our words only.
 */
export function transientReason(status: number, waits: readonly TransientWait[], stopped: boolean): string {
  const answers = [...waits.map((w) => w.status), status].join(', ');
  const waited = waits.length === 0 ? '' : ` after waits of ${seconds(waits)} (${source(waits)})`;
  const why = stopped ? 'not sent again: the check or the run was stopped' : `still transient past the ${TRANSIENT_RETRIES} waits a request is given`;
  return `the deployment answered only ${answers}${waited}: a transient answer (429: RFC 6585 §4, 503: RFC 9110 §15.6.4) says "not now", nothing about the request; ${why}, so nothing is judged of it`;
}

/**
 * Why an exchange judges nothing: withheld by no fault of the deployment (Exchange.withheld: the key may not write),
 * no HTTP answer, an answer still transient (Exchange.transient), or one past a parse budget a real answer may reach
 * (Exchange.unparsed); undefined when it judges.
 */
export function notJudged(exchange: Pick<Answered, 'status' | 'error' | 'transient' | 'unparsed' | 'withheld'>): string | undefined {
  if (exchange.withheld !== undefined) return exchange.withheld;
  if (exchange.status === 0) return `the deployment gave no HTTP answer: ${exchange.error ?? 'no response'}`;
  return exchange.transient ?? exchange.unparsed;
}
