// What the command does with its arguments, apart from the process it runs in: the subcommand or the run,
// its lines written to `io`, its exit code returned (0 no check failed, 1 a check failed, 2 usage or
// configuration, 3 the deployment could not be reached, 4 checks could not judge, 5 misconfigured; each writes
// the reports asked for). src/cli/cli.ts gives it the process's streams, environment and directory; the
// project's tests give it their own, to make many runs in one process exactly as the command makes each
// (test/support/run-many.js).
//
// Each path loads only what it uses: the subcommands, the catalogue and the runner are imported when asked
// for, so that a configuration error, --help with other flags, or check-har pays for none of the rest, whose
// loading is most of such a command's time.
import { packageVersion } from '../../contract/package-root.ts';
import { EXIT } from '../../contract/exit.ts';
import { RETIRED_CHECKS } from '../../contract/retired.ts';
import { inertLine } from '../../contract/untrusted.ts';
import { ConfigError, keyFlagWarning, parseCommand, reportSettings, type RunConfig } from '../run/config.ts';
import { PRISM_ADVICE, prismBin } from '../run/mock.ts';
import type { CommandIo } from './output.ts';
import { writeUnjudged } from '../run/unjudged-run.ts';
import { HELP } from './help.ts';

/** What the command says of an error no path of it expected: one inert line (the message may quote a deployment). */
export function internalErrorLine(error: unknown): string {
  return `mockapi-conformance: internal error: ${inertLine((error as Error)?.message ?? String(error))}\n`;
}

/** `mockapi-conformance diff`: its help, or the two reports compared; a usage error is one inert line. */
async function diffCommand(argv: string[], io: CommandIo): Promise<number> {
  const { DIFF_ABOUT, DIFF_USAGE, DiffUsageError, runDiff } = await import('./diff.ts');
  if (argv.length === 2 && (argv[1] === '--help' || argv[1] === '-h')) {
    io.write(`${DIFF_USAGE}\n${DIFF_ABOUT}\n`);
    return EXIT.passed;
  }
  try {
    return runDiff(argv.slice(1), io.write);
  } catch (error) {
    if (!(error instanceof DiffUsageError)) throw error;
    // the message may quote a report file's bytes (the parser's error): one inert line
    io.error(`mockapi-conformance diff: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
}

/**
 * Why --only selects nothing, before anything is started (the embedded reference, Prism, vitest): no check of the
 * catalogue of the run's profile has an id or a name (requirement id, then title) that matches it. Undefined when
 * one does, or --only is not given.
 */
async function onlyMatchesNothing(config: Pick<RunConfig, 'only' | 'profile'>): Promise<string | undefined> {
  const only = config.only;
  if (!only) return undefined;
  const { catalogue } = await import('../harness/catalogue.ts');
  const entries = (await catalogue()).filter((e) => e.profiles.includes(config.profile));
  if (entries.some((e) => only.test(e.id) || only.test(`${e.requirement} ${e.title}`))) return undefined;
  return `no check's id or name matches --only ${only.source} (--list shows every check)`;
}

export async function runCommand(argv: string[], io: CommandIo): Promise<number | undefined> {
  if (argv[0] === 'diff') return diffCommand(argv, io);
  if (argv[0] === 'statements') return (await import('./statements.ts')).runStatements(argv.slice(1), io);
  if (argv[0] === 'replay') return (await import('./replay.ts')).runReplay(argv.slice(1), io);
  if (argv[0] === 'check-har') return (await import('../recorded/check-har.ts')).runCheckHar(argv.slice(1), io, io.env, io.cwd);
  if (argv[0] === 'proxy') return (await import('../recorded/proxy.ts')).runProxy(argv.slice(1), io, io.env, io.cwd);
  // serving: the process lives on while the reference listens, and its signal handlers end it
  if (argv[0] === 'reference') return (await import('../../reference/command.ts')).runReference(argv.slice(1), 'mockapi-conformance reference');
  let parsed;
  const warn = (warnings: string[]) => {
    // a warning or an error may quote a .env, a config or a baseline file of the checkout: one inert line each
    for (const warning of warnings) io.error(`mockapi-conformance: warning: ${inertLine(warning)}\n`);
  };
  try {
    parsed = parseCommand(argv, io.env, io.cwd);
  } catch (error) {
    if (error instanceof ConfigError) {
      // a misspelt setting is often the cause of the error: its warning comes first
      warn(error.warnings);
      io.error(`mockapi-conformance: ${inertLine(error.message)}\n`);
      await writeUnjudged(reportSettings(argv, io.env, io.cwd), { exitCode: EXIT.usage, reason: error.message }, io.write);
      return EXIT.usage;
    }
    throw error;
  }
  // bin/mockapi-conformance.js answers --help and --version alone before loading this; here they come with other flags
  if (parsed.version) {
    io.write(`${packageVersion()}\n`);
    return EXIT.passed;
  }
  if (parsed.help) {
    io.write(`${HELP}\n`);
    return EXIT.passed;
  }
  const keyOnCommandLine = keyFlagWarning(argv);
  warn([...parsed.warnings, ...(keyOnCommandLine ? [keyOnCommandLine] : [])]);
  if (parsed.list) {
    const { catalogue, formatCatalogue } = await import('../harness/catalogue.ts');
    io.write(`${formatCatalogue(await catalogue())}\n${formatRetired()}`);
    return EXIT.passed;
  }
  if (parsed.config.profile === 'mock' && !parsed.config.baseUrl && !prismBin()) {
    io.error(`mockapi-conformance: ${PRISM_ADVICE}\n`);
    await writeUnjudged(parsed.config, { exitCode: EXIT.usage, reason: PRISM_ADVICE }, io.write);
    return EXIT.usage;
  }
  const unmatched = await onlyMatchesNothing(parsed.config);
  if (unmatched) {
    io.error(`mockapi-conformance: ${inertLine(unmatched)}\n`);
    await writeUnjudged(parsed.config, { exitCode: EXIT.usage, reason: unmatched }, io.write);
    return EXIT.usage;
  }
  // the runner (vitest) is loaded only for a run: the subcommands, --list and configuration errors do without it
  const { runConformance } = await import('../vitest/run.ts');
  const { exitCode } = await runConformance(parsed.config, io);
  return exitCode;
}

/** The retired check ids after the catalogue, so that one a baseline or dashboard names is found, with why. */
function formatRetired(): string {
  const lines = [...RETIRED_CHECKS].map(([id, why]) => `${id}  retired: ${why}`);
  return lines.length === 0 ? '' : `\nRetired check ids (no check carries them; a baseline entry of one says so):\n${lines.join('\n')}\n`;
}
