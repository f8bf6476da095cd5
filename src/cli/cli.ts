// The command, as a process: its arguments, environment, directory and streams handed to runCommand
// (src/cli/main.ts), its exit code set from what that returns. Errors are one line.
import { EXIT } from '../../reporters/exit.ts';
import { internalErrorLine, runCommand } from './main.ts';

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
    process.stderr.write(internalErrorLine(error));
    process.exitCode = EXIT.failed;
  },
);
