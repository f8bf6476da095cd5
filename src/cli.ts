// The command: parse the configuration, run, exit with 0 (no check failed), 1 (a check failed),
// 2 (usage or configuration error) or 3 (the deployment could not be reached). Errors are one line.
import { catalogue, formatCatalogue } from './catalogue.ts';
import { ConfigError, HELP, parseCommand } from './config.ts';
import { DiffUsageError, runDiff } from './diff.ts';
import { prismBin } from './mock.ts';
import { EXIT, runConformance } from './run.ts';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'diff') {
    try {
      return runDiff(argv.slice(1), (text) => process.stdout.write(text));
    } catch (error) {
      if (!(error instanceof DiffUsageError)) throw error;
      process.stderr.write(`mockapi-conformance diff: ${error.message}\n`);
      return EXIT.usage;
    }
  }
  let parsed;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`mockapi-conformance: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  if (parsed.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.passed;
  }
  if (parsed.list) {
    process.stdout.write(`${formatCatalogue(await catalogue())}\n`);
    return EXIT.passed;
  }
  if (parsed.config.profile === 'mock' && !parsed.config.baseUrl && !prismBin()) {
    process.stderr.write('mockapi-conformance: --profile mock without --base-url starts the local Prism mock, and @stoplight/prism-cli is not installed (npm ci in the project installs it)\n');
    return EXIT.usage;
  }
  const { exitCode } = await runConformance(parsed.config);
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mockapi-conformance: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = EXIT.failed;
  },
);
