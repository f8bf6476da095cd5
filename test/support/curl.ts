// Runs a printed curl line with bash, curl being a function that records what it was given: its arguments
// (NUL-separated) and what it read on stdin. Every other command the line could run would leave its trace in
// the directory it runs in (the hostile texts touch files there), which the caller looks at.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Recorded {
  args: string[];
  stdin: Buffer;
  status: number | null;
  stderr: string;
  /** files in the directory besides the recorder's own: what a command other than curl left */
  traces: string[];
}

export function curlRecorder(env: Record<string, string>): { record(line: string): Recorded; close(): void } {
  const work = mkdtempSync(join(tmpdir(), 'curl-recorder-'));
  const recorder = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done > "$REC/args"; cat > "$REC/stdin"; }`;
  return {
    record(line) {
      for (const f of readdirSync(work)) rmSync(join(work, f), { force: true, recursive: true });
      const run = spawnSync('bash', ['--noprofile', '--norc', '-c', `${recorder}\n${line}`], {
        cwd: work,
        env: { PATH: process.env.PATH, REC: work, LC_ALL: 'C.UTF-8', ...env },
        input: '',
        timeout: 10_000,
      });
      const read = (name: string) => {
        try {
          return readFileSync(join(work, name));
        } catch {
          return Buffer.alloc(0);
        }
      };
      return {
        args: read('args').toString('utf8').split('\0').slice(0, -1),
        stdin: read('stdin'),
        status: run.status,
        stderr: run.stderr.toString(),
        traces: readdirSync(work).filter((f) => f !== 'args' && f !== 'stdin'),
      };
    },
    close: () => rmSync(work, { recursive: true, force: true }),
  };
}
