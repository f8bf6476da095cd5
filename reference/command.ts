// `mockapi-conformance reference [--port N] [--faults a,b] [--freedoms a,b] [--variations]` (in a checkout also
// `npm run reference -- …`, reference/main.ts): serves the reference deployment and prints a ready .env block on
// stdout, so that `mockapi-conformance reference > .env` configures a run against it. `--list-faults` and
// `--list-freedoms` print the faults and freedoms it can switch on, one per line. Implementers start it from the
// installed package, without a clone.
import { runEnvironment } from './environment.ts';
import { faultCatalogue, faultList, FAULTS_VARIABLE, UnknownFaultError } from './faults.ts';
import { FREEDOM_NAMES, freedomCatalogue, freedomList, UnknownFreedomError } from './freedoms.ts';
import { startReference, type ReferenceDeployment, type ReferenceOptions } from './server.ts';
import { chosenFreedoms, VariationsValueError } from './variations.ts';

class UsageError extends Error {}

/** What `reference --help` says after the usage line. */
const REFERENCE_ABOUT = `Serves the reference deployment on 127.0.0.1 and prints its .env block (base URL, keys, fixtures, push policy)
on stdout, so that \`reference > .env\` configures a run against it; it keeps serving until Ctrl-C.
  --port N          the port to listen on; 0 or left out: a free one, named in the block's MOCKAPI_BASE_URL
  --faults a,b      switch these named faults on, each breaking one statement (default: MOCKAPI_REFERENCE_FAULTS)
  --freedoms a,b    switch these named freedoms on, each an answer the interface allows but the reference does not
                    give on its own (default: MOCKAPI_REFERENCE_FREEDOMS)
  --variations      every freedom at once (another 401 wording, 422 for a refused body, charset parameters, extra
                    fields...), so that a run proves it accepts every allowed answer (default: MOCKAPI_REFERENCE_VARIATIONS)
  --list-faults     print the named faults, one a line: the name, the requirement it breaks, what it does
  --list-freedoms   print the named freedoms, one a line: the name, what it does, the statements it bends
Its last line on stderr says where it listens and which faults and freedoms are on.`;

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

/** Which faults and freedoms are on, as the deployment started with them (the flags, else the variables; --variations: every freedom). */
function switchedOn(options: ReferenceOptions): string {
  const faults = options.faults ?? faultList(process.env[FAULTS_VARIABLE]);
  const freedoms = chosenFreedoms(options);
  const said = faults.length ? `faults on: ${faults.join(', ')}` : 'no fault on';
  const free =
    freedoms.length === FREEDOM_NAMES.length ? `every freedom on (variations)` : freedoms.length ? `freedoms on: ${freedoms.join(', ')}` : 'no freedom on';
  return `${said}; ${free}`;
}

/**
 * The .env block, and a comment with the key that may read but not write: set as MOCKAPI_TOKEN, a run says in one
 * line that the key lacks the permission to write (exit 5), and judges the reads.
 */
function envBlock(deployment: ReferenceDeployment): string {
  const block = Object.entries(runEnvironment(deployment)).map(([variable, value]) => `${variable}=${value}\n`);
  return `${block.join('')}# a key that may read but not write: MOCKAPI_TOKEN=${deployment.fixtures.readOnlyToken}\n`;
}

/**
 * Runs the reference command with these arguments, `command` being how the user called it (for the usage
 * line). Returns the exit code when it is done (--list-faults, a usage error), or undefined once it serves:
 * then SIGINT or SIGTERM closes it and exits.
 */
export async function runReference(args: string[], command: string): Promise<number | undefined> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    process.stdout.write(`${usageOf(command)}\n${REFERENCE_ABOUT}\n`);
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
  let options: ReferenceOptions;
  try {
    options = parseArgs(args, usageOf(command));
    deployment = await startReference(options);
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
  process.stderr.write(`reference deployment listening on ${deployment.baseUrl}; ${switchedOn(options)}; Ctrl-C stops it\n`);
  return undefined;
}
