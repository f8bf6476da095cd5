// The command: parse the configuration, run, exit with 0 (no check failed), 1 (a check failed),
// 2 (usage or configuration error), 3 (the deployment could not be reached) or 4 (nothing failed, but checks
// could not judge). Errors are one line. Subcommands: diff, check-har and proxy (recorded traffic), reference
// (the reference deployment, served).
//
// Each path loads only what it uses: the subcommands, the catalogue and the runner are imported when asked
// for, so that a configuration error, --help with other flags, or check-har pays for none of the rest
// (measured, compiled: the command's own modules took 224 ms to load with all of them imported up front).
import { packageVersion } from '../../contract/package-root.ts';
import { ConfigError, parseCommand } from '../run/config.ts';
import { HELP } from './help.ts';
import { PRISM_ADVICE, prismBin } from '../run/mock.ts';
import { EXIT } from '../../reporters/exit.ts';
import { inertLine } from '../../reporters/untrusted.ts';

// `--list | head`: a reader that stops early closes the pipe; that ends the command, quietly, not with a trace
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

const console_ = { write: (text: string) => process.stdout.write(text), error: (text: string) => process.stderr.write(text) };

async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === 'diff') {
    const { DiffUsageError, runDiff } = await import('./diff.ts');
    try {
      return runDiff(argv.slice(1), (text) => process.stdout.write(text));
    } catch (error) {
      if (!(error instanceof DiffUsageError)) throw error;
      process.stderr.write(`mockapi-conformance diff: ${error.message}\n`);
      return EXIT.usage;
    }
  }
  if (argv[0] === 'check-har') return (await import('../recorded/check-har.ts')).runCheckHar(argv.slice(1), console_);
  if (argv[0] === 'proxy') return (await import('../recorded/proxy.ts')).runProxy(argv.slice(1), console_);
  // serving: the process lives on while the reference listens, and its signal handlers end it
  if (argv[0] === 'reference') return (await import('../../reference/command.ts')).runReference(argv.slice(1), 'mockapi-conformance reference');
  let parsed;
  const warn = (warnings: string[]) => {
    for (const warning of warnings) process.stderr.write(`mockapi-conformance: warning: ${warning}\n`);
  };
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    if (error instanceof ConfigError) {
      // a misspelt setting is often the cause of the error: its warning comes first
      warn(error.warnings);
      process.stderr.write(`mockapi-conformance: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  // bin/mockapi-conformance.js answers --help and --version alone before loading this; here they come with other flags
  if (parsed.version) {
    process.stdout.write(`${packageVersion()}\n`);
    return EXIT.passed;
  }
  if (parsed.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.passed;
  }
  warn(parsed.warnings);
  if (parsed.list) {
    const { catalogue, formatCatalogue } = await import('../harness/catalogue.ts');
    process.stdout.write(`${formatCatalogue(await catalogue())}\n`);
    return EXIT.passed;
  }
  if (parsed.config.profile === 'mock' && !parsed.config.baseUrl && !prismBin()) {
    process.stderr.write(`mockapi-conformance: ${PRISM_ADVICE}\n`);
    return EXIT.usage;
  }
  // the runner (vitest) is loaded only for a run: the subcommands, --list and configuration errors do without it
  const { runConformance } = await import('../run/run.ts');
  const { exitCode } = await runConformance(parsed.config);
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    // the message may quote what a deployment sent: one inert line (reporters/untrusted.ts)
    process.stderr.write(`mockapi-conformance: internal error: ${inertLine((error as Error)?.message ?? String(error))}\n`);
    process.exitCode = EXIT.failed;
  },
);
