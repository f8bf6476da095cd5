// `mockapi-conformance reference [--port N] [--faults a,b] [--freedoms a,b] [--variations]` (in a checkout also
// `npm run reference -- …`, reference/main.ts): serves the reference deployment and prints a ready .env block on
// stdout, so that `mockapi-conformance reference > .env` configures a run against it. `--list-faults` and
// `--list-freedoms` print the faults and freedoms it can switch on, one per line. Implementers start it from the
// installed package, without a clone.
import { runEnvironment } from './environment.ts';
import { faultCatalogue, faultList, UnknownFaultError } from './faults.ts';
import { freedomCatalogue, freedomList, UnknownFreedomError } from './freedoms.ts';
import { startReference, type ReferenceDeployment, type ReferenceOptions } from './server.ts';
import { VariationsValueError } from './variations.ts';

class UsageError extends Error {}

const usageOf = (command: string) =>
  `usage: ${command} [--port N] [--faults name,name] [--freedoms name,name] [--variations] | --list-faults | --list-freedoms`;

function parseArgs(args: string[], USAGE: string): ReferenceOptions {
  const options: ReferenceOptions = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const next = inline ?? args[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value; ${USAGE}`);
      return next;
    };
    if (flag === '--port') {
      const text = value();
      const port = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be an integer from 0 to 65535, not '${text}'`);
      options.port = port;
    } else if (flag === '--faults') {
      options.faults = faultList(value());
    } else if (flag === '--freedoms') {
      options.freedoms = freedomList(value());
    } else if (flag === '--variations' && inline === undefined) {
      options.variations = true;
    } else {
      throw new UsageError(`unknown argument '${arg}'; ${USAGE}`);
    }
  }
  return options;
}

function envBlock(deployment: ReferenceDeployment): string {
  return Object.entries(runEnvironment(deployment))
    .map(([variable, value]) => `${variable}=${value}\n`)
    .join('');
}

/**
 * Runs the reference command with these arguments, `command` being how the user called it (for the usage
 * line). Returns the exit code when it is done (--list-faults, a usage error), or undefined once it serves:
 * then SIGINT or SIGTERM closes it and exits.
 */
export async function runReference(args: string[], command: string): Promise<number | undefined> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    process.stdout.write(
      `${usageOf(command)}\nServes the reference deployment on 127.0.0.1 (a free port with --port 0) and prints its .env block on stdout; --list-faults lists the named faults --faults switches on, --list-freedoms the freedoms --freedoms switches on (--variations: all of them).\n`,
    );
    return 0;
  }
  if (args.length === 1 && args[0] === '--list-faults') {
    process.stdout.write(`${await faultCatalogue()}\n`);
    return 0;
  }
  if (args.length === 1 && args[0] === '--list-freedoms') {
    process.stdout.write(`${await freedomCatalogue()}\n`);
    return 0;
  }
  let deployment: ReferenceDeployment;
  try {
    deployment = await startReference(parseArgs(args, usageOf(command)));
  } catch (error) {
    // Bad flags, unknown fault or freedom names and a bad MOCKAPI_REFERENCE_VARIATIONS are the caller's to fix: one line, exit 2.
    const usage =
      error instanceof UsageError || error instanceof UnknownFaultError || error instanceof UnknownFreedomError || error instanceof VariationsValueError;
    process.stderr.write(`reference: ${error instanceof Error ? error.message : String(error)}\n`);
    return usage ? 2 : 1;
  }
  const stop = (): void => {
    deployment.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Before printing: whoever reads the block may signal at once.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(envBlock(deployment));
  process.stderr.write(`reference deployment listening on ${deployment.baseUrl}; Ctrl-C stops it\n`);
  return undefined;
}
