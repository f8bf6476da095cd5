// What a check judges with, apart from how it is run: a Judge collects violations (each naming the requirement it
// breaks, what was expected and what came back), notes and the exchanges they were read from. It reads answers only
// and sends nothing, so that one recorded exchange is judged by the very expectations a running check uses
// (src/judge/exchange.ts); the context of a running check, which also sends, is CheckContext. No vitest here: the
// library face (src/index.ts) loads this without a runner.
import { keptOf, type Exchange } from '../http/client.ts';
import type { Evidence } from '../../contract/report.ts';
import { requirement, type Level, type RequirementId } from '../../contract/requirements.ts';
import { bounded, inertLine } from '../../contract/untrusted.ts';
import type { Target } from './target.ts';

export interface Violation {
  requirement: RequirementId;
  level: Level;
  statement: string;
  expected: string;
  actual: string;
}

/** What a Judge needs of the target: how the answers it reads came about. */
export type JudgedTarget = Pick<Target, 'profile' | 'fixtures'>;

/** What checks keep of each exchange (keptOf), by the exchange: one kept copy however many checks use it. */
const keptCopies = new WeakMap<Exchange, Exchange>();

/** An exchange as a check keeps it for evidence; a copy kept already is its own. */
export function kept(exchange: Exchange): Exchange {
  let copy = keptCopies.get(exchange);
  if (copy === undefined) {
    copy = keptOf(exchange);
    keptCopies.set(exchange, copy);
    if (copy !== exchange) keptCopies.set(copy, copy);
  }
  return copy;
}

/** Collects what one check finds in the answers it reads; sends nothing. */
export class Judge {
  readonly violations: Violation[] = [];
  /** the exchanges the check read, as it keeps them for evidence (keptOf): a long body's start, not the whole */
  readonly exchanges: Exchange[] = [];
  /** for each of `exchanges`, how many violations had been found when it was read: those found before are not about it */
  readonly violationsBefore: number[] = [];
  readonly notes: string[] = [];
  constructor(
    readonly requirementId: RequirementId,
    readonly target: JudgedTarget,
  ) {}

  /** Names an exchange made elsewhere (a shared request) as evidence of this check. */
  uses(exchange: Exchange): Exchange {
    const copy = kept(exchange);
    if (!this.exchanges.includes(copy)) this.read(copy);
    return exchange;
  }

  /** Keeps an exchange as read now, after the violations found so far. */
  protected read(copy: Exchange): void {
    this.exchanges.push(copy);
    this.violationsBefore.push(this.violations.length);
  }

  violate(id: RequirementId, expected: string, actual: string): void {
    const r = requirement(id);
    // a message built with JSON.stringify of a missing value is undefined, whatever its type says
    this.violations.push({ requirement: id, level: r.level, statement: r.statement, expected: String(expected), actual: actual ?? 'absent' });
  }

  /** Records a violation unless ok; returns ok so that callers can stop looking further. */
  expect(ok: boolean, id: RequirementId, expected: string, actual: () => string): boolean {
    if (!ok) this.violate(id, expected, actual());
    return ok;
  }

  /** What was observed where the interface leaves the answer open: reported, never a failure. */
  note(text: string): void {
    this.notes.push(text);
  }

  /** Ends the check as skipped, saying why: for what the target cannot show, never for a failure. */
  skip(reason: string): never {
    throw new CheckSkipped(reason);
  }

  /** Ends the check as errored, saying why it could not judge (a fixture that is gone, a precondition that failed). */
  cannotJudge(reason: string): never {
    throw new CheckCannotJudge(reason);
  }

  /** Ends the check here when something it depends on already failed. */
  stopIfViolated(): void {
    if (this.violations.length > 0) throw new CheckFailed();
  }

  /** Takes over what another judge found, as this one's own. */
  adopt(other: Judge): void {
    // its exchanges first: what it found is about them
    for (const ex of other.exchanges) this.uses(ex);
    this.violations.push(...other.violations);
    this.notes.push(...other.notes);
  }
}

export class CheckFailed extends Error {}
export class CheckSkipped extends Error {}
export class CheckCannotJudge extends Error {}

/**
 * A failed check's message: each violation with its statement, expected and actual, so that its first line is the
 * cause; then the check's notes, which say what else it saw; then a curl line per request. Expected and actual may hold what the deployment sent (ids it chose, its text): each is one inert
 * line, cut, saying its length (contract/untrusted.ts); curl lines are inert and bounded by construction (curlOf).
 */
export function failureMessage(violations: Violation[], evidence: Evidence[], notes: string[] = []): string {
  const lines: string[] = [];
  for (const v of violations) {
    const r = requirement(v.requirement);
    lines.push(`[${v.requirement}] (${v.level}) ${r.section}: "${v.statement}"`);
    lines.push(`  expected: ${bounded(inertLine(v.expected))}`);
    lines.push(`  actual:   ${bounded(inertLine(v.actual))}`);
  }
  lines.push(...notes);
  for (const e of evidence) {
    lines.push(`  reproduce: ${e.curl}`);
    // a request the client sent twice (the idle-close race) says so where it is read
    if (e.retried) lines.push(`    ${inertLine(e.retried)}`);
  }
  return lines.join('\n');
}
