// One process that makes many runs of the command, one after another, each as the command makes it: the
// compiled command's own runCommand (src/cli/main.ts; src/cli/cli.ts does no more than hand it the process's
// streams, environment and directory), so each run has its own parsing, its own embedded reference started
// with the faults of the run's environment, its own vitest and worker, its own run description and its own report.
// What the runs share is what a process pays for once: Node's start, loading vitest and our modules, parsing the
// OpenAPI description. test/support/runners.ts drives it. JavaScript, as bin/ is: it runs the compiled copy
// (bench/compiled.ts) under plain Node, without tsx.
//
// Usage: node run-many.js <compiled dir>; over IPC, each message { id, args, env, cwd } is a run, answered with
// { id, code, stdout, stderr } once it has ended.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const compiled = process.argv[2];
const load = (module) => import(pathToFileURL(join(compiled, module)).href);
const { internalErrorLine, runCommand } = await load('src/cli/main.js');

/** The environment the process started with: each run sees it and its own variables, none of the run before. */
const started = { ...process.env };

/** Some modules read process.env itself (the reference its faults, the client its proxies): it is the run's. */
function useEnvironment(env) {
  for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
  Object.assign(process.env, started, env);
}

async function run({ args, env, cwd }) {
  let stdout = '';
  let stderr = '';
  useEnvironment(env);
  const io = { write: (text) => (stdout += text), error: (text) => (stderr += text), tty: false, signals: false, env: process.env, cwd };
  try {
    return { code: (await runCommand(args, io)) ?? 0, stdout, stderr };
  } catch (error) {
    // as src/cli/cli.ts says an error no path of the command expected
    io.error(internalErrorLine(error));
    return { code: 1, stdout, stderr };
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
