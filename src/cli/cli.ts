// The command, as a process: its arguments, environment, directory and streams handed to runCommand
// (src/cli/main.ts), its exit code set from what that returns. Errors are one line.
import { inertLine } from '../../reporters/untrusted.ts';
import { EXIT } from '../../reporters/exit.ts';
import { runCommand } from './main.ts';

// `--list | head`: a reader that stops early closes the pipe; that ends the command, quietly, not with a trace
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
    // the message may quote what a deployment sent: one inert line (reporters/untrusted.ts)
    process.stderr.write(`mockapi-conformance: internal error: ${inertLine((error as Error)?.message ?? String(error))}\n`);
    process.exitCode = EXIT.failed;
  },
);
