// The command, as a process: its arguments, environment, directory and streams handed to runCommand
// (src/cli/main.ts), its exit code set from what that returns. Errors are one line.
// first: Ctrl-C ends the command while the rest loads
import './first-stop.ts';
import { EXIT } from '../../contract/exit.ts';
import { routeWarnings } from '../../contract/untrusted.ts';
import { internalErrorLine, runCommand } from './main.ts';
import { droppedOnceClosed } from './output.ts';

// `… | head`: a reader that stops early closes the pipe; the command goes on, judging and writing its reports
const [write, error] = [droppedOnceClosed(process.stdout), droppedOnceClosed(process.stderr)];

// A library's warning (process.emitWarning) may quote a file or a deployment, line ends and escapes as they are:
// Node's own printer is replaced by one inert line of ours, as every line that quotes them (docs/untrusted.md).
routeWarnings(error);

runCommand(process.argv.slice(2), {
  write,
  error,
  tty: process.stdout.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
}).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (thrown: unknown) => {
    error(internalErrorLine(thrown));
    process.exitCode = EXIT.failed;
  },
);
