// The command, as a process: its arguments, environment, directory and streams handed to runCommand
// (src/cli/main.ts), its exit code set from what that returns. Errors are one line.
import { EXIT } from '../../reporters/exit.ts';
import { internalErrorLine, runCommand } from './main.ts';

// `--list | head`: a reader that stops early closes the pipe; that ends the command, quietly, not with a trace
// Ctrl-C before a run has begun: nothing was sent, nothing is to be put back, the command ends as interrupted; the
// run takes the signals over as it begins (src/run/run-life.ts). The subcommands that serve keep their own handlers.
if (!['reference', 'proxy', 'check-har', 'diff'].includes(process.argv[2] ?? '')) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(EXIT.interrupted));
}

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

runCommand(process.argv.slice(2), {
  write: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(text),
  tty: process.stdout.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
}).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(internalErrorLine(error));
    process.exitCode = EXIT.failed;
  },
);
