// The command's stdout and stderr as it writes them. A reader that stops early (`… | head`) closes the pipe: what
// the command would print then goes nowhere, while the run goes on to judge, write its reports and exit with its
// verdict's code. Ending at the closed pipe instead made a run with failures exit 0 under `set -o pipefail`.
import type { RunOutput } from '../vitest/run.ts';

/** What a sub-command is handed: the streams it writes to, the environment and the working directory. */
export interface CommandIo extends RunOutput {
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * A writer to `stream` that drops what is written once the stream's reader has gone (EPIPE, and the writes
 * already under way that then find the stream destroyed). Any other error of the stream is raised.
 */
export function droppedOnceClosed(stream: NodeJS.WritableStream & { destroyed: boolean }): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') closed = true;
    else if (!closed) throw error;
  });
  return (text) => {
    if (!closed && !stream.destroyed) stream.write(text);
  };
}
