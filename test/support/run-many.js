// One process that makes many conformance runs, one after another, each as the command makes it: the
// compiled command's own parseCommand and runConformance (src/cli/cli.ts does no more for a run), its own embedded
// reference started with the faults of the run's environment, its own vitest and worker, its own report. What
// the runs share is what a process pays for once: Node's start, loading vitest and our modules, parsing the
// OpenAPI description. test/support/runners.ts drives it (the fault matrix). JavaScript, as bin/ is: it runs
// the compiled copy (test/support/compiled.ts) under plain Node, without tsx.
//
// Usage: node run-many.js <compiled dir>; over IPC, each message { id, args, env, cwd } is a run, answered
// with { id, code, stdout, stderr } once it has ended.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const compiled = process.argv[2];
const load = (module) => import(pathToFileURL(join(compiled, module)).href);
const { ConfigError, parseCommand } = await load('src/run/config.js');
const { runConformance } = await load('src/run/run.js');

/** A run sees only its own MOCKAPI_* settings, none of the run before it (the reference reads them as it starts). */
function useSettings(env) {
  for (const name of Object.keys(process.env)) if (name.startsWith('MOCKAPI_')) delete process.env[name];
  Object.assign(process.env, env);
}

async function run({ args, env, cwd }) {
  let stdout = '';
  let stderr = '';
  const output = { write: (text) => (stdout += text), error: (text) => (stderr += text), tty: false, signals: false };
  useSettings(env);
  try {
    const parsed = parseCommand(args, process.env, cwd);
    for (const warning of parsed.warnings) output.error(`mockapi-conformance: warning: ${warning}\n`);
    return { code: (await runConformance(parsed.config, output)).exitCode, stdout, stderr };
  } catch (error) {
    // as src/cli/cli.ts says them: a configuration error is exit 2, anything else an internal error, exit 1
    const usage = error instanceof ConfigError;
    output.error(`mockapi-conformance: ${usage ? '' : 'internal error: '}${error?.message ?? String(error)}\n`);
    return { code: usage ? 2 : 1, stdout, stderr };
  }
}

// one run at a time: the reference reads the environment as it starts, and each run's is its own
let queue = Promise.resolve();
process.on('message', (message) => {
  queue = queue.then(async () => process.send({ id: message.id, ...(await run(message)) }));
});
// the test that started it is gone: nothing more will come
process.on('disconnect', () => queue.then(() => process.exit(0)));
process.send({ ready: true });
