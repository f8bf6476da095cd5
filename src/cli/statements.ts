// `mockapi-conformance statements [--json]`: the ledger of the interface's statements by section, each with its
// status and what holds it (checks and faults) or why nothing does, and the freedoms that bend it or why its words
// leave none; sends nothing.
import { EXIT } from '../../contract/exit.ts';
import { STATEMENT_STATUSES, type StatementStatus } from '../../contract/statements.ts';
import { inert, inertLine } from '../../contract/untrusted.ts';
import type { LedgerEntry } from '../run/statements.ts';

export const STATEMENTS_USAGE = 'usage: mockapi-conformance statements [--json]';
export const STATEMENTS_ABOUT = `Prints every statement of the interface by section: its id, the requirement ids a failure cites for it
([AUTH-401-BODY]), its status (verified: checks judge it and faults prove they can fail; open: the interface
leaves the answer open; not judgeable from outside, and why), its checks (their ids) and faults, or its reason, and
its freedoms (answers its words allow that the reference does not give on its own) or why its words leave none.
--json prints {statements: [{id, section, text, status, requirements, checks, faults, freedoms, reason,
freedomReason}]}. Sends nothing.`;

const STATUS_WORDS: Record<StatementStatus, string> = { verified: 'verified', open: 'open', 'not-judgeable': 'not judgeable' };

/** Statements marked verified that no check of the catalogue judges: the ledger promising what nothing holds. */
const unmapped = (entries: readonly LedgerEntry[]) => entries.filter((e) => e.status === 'verified' && e.checks.length === 0);

/** Statements marked verified that no freedom bends and that say not why their words leave none: judged from one side only. */
const unbent = (entries: readonly LedgerEntry[]) => entries.filter((e) => e.status === 'verified' && e.freedoms.length === 0 && !e.freedomReason);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Check ids a statement's line names before it counts the rest: --json lists every one. */
const IDS_SHOWN = 3;

/** Why a statement is open: its reason, or where the reason is its own words, that they leave it open. */
const openReason = (e: LedgerEntry) => (e.reason === undefined || e.reason === e.text ? 'the words below leave it open: recorded, never failed' : e.reason);

function line(e: LedgerEntry): string {
  const held = `${plural(e.checks.length, 'check')}, ${plural(e.faults.length, 'fault')}`;
  const why = e.status === 'verified' ? `${held}${e.reason ? `; in part: ${e.reason}` : ''}` : e.status === 'open' ? openReason(e) : e.reason;
  // the requirement ids are those a failure cites ([AUTH-401-BODY]); the check ids those --only and a baseline take
  const cites = e.requirements.length ? ` [${e.requirements.join(', ')}]` : '';
  const rest = e.checks.length - IDS_SHOWN;
  const checks = e.checks.length
    ? `\n    checks: ${e.checks.slice(0, IDS_SHOWN).join(', ')}${rest > 0 ? ` and ${rest} more (--json lists every one)` : ''}`
    : '';
  const freedoms = e.freedoms.length > 0 ? `\n    freedoms: ${e.freedoms.join(', ')}` : e.freedomReason ? `\n    no freedom: ${e.freedomReason}` : '';
  return `  ${e.id}${cites}  ${STATUS_WORDS[e.status]}${why ? `: ${why}` : ''}${checks}\n    ${e.text}${freedoms}`;
}

/** The ledger as text: by section in the spec's order, then the counts. */
export function formatLedger(entries: readonly LedgerEntry[]): string {
  const sections = [...new Set(entries.map((e) => e.section))];
  const blocks = sections.map((section) => [section, ...entries.filter((e) => e.section === section).map(line)].join('\n'));
  const count = (status: StatementStatus) => entries.filter((e) => e.status === status).length;
  const [verified, open, outside] = STATEMENT_STATUSES.map(count);
  return `${blocks.join('\n\n')}\n\n${entries.length} statements: ${verified} verified, ${open} open, ${outside} not judgeable, ${unmapped(entries).length} unmapped, ${unbent(entries).length} without freedom or reason`;
}

/** The ledger as JSON: what `statements --json` prints. */
export const ledgerJson = (entries: readonly LedgerEntry[]) => ({
  statements: entries.map(({ id, section, text, status, requirements, checks, faults, freedoms, reason, freedomReason }) => ({
    id,
    section,
    text,
    status,
    requirements,
    checks,
    faults,
    freedoms,
    reason: reason ?? null,
    ...(freedoms.length === 0 ? { freedomReason: freedomReason ?? null } : {}),
  })),
});

/** Runs `statements` with its arguments (after the word): exit 0, or 2 for an argument it does not take. */
export async function runStatements(args: readonly string[], io: { write(text: string): void; error(text: string): void }): Promise<number> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    io.write(`${STATEMENTS_USAGE}\n${STATEMENTS_ABOUT}\n`);
    return EXIT.passed;
  }
  const json = args.length === 1 && args[0] === '--json';
  if (args.length > 0 && !json) {
    io.error(`mockapi-conformance statements: unknown argument '${inertLine(args.find((a) => a !== '--json') ?? args[0]!)}'; ${STATEMENTS_USAGE}\n`);
    return EXIT.usage;
  }
  // the catalogue and the faults are loaded only to print the ledger, not for its help
  const entries = await (await import('../run/statements.ts')).ledger();
  // the ledger is ours, not a deployment's: it goes out by the one rule all the same
  io.write(`${inert(json ? JSON.stringify(ledgerJson(entries), null, 2) : formatLedger(entries))}\n`);
  return EXIT.passed;
}
