// One measured process: wall time from spawn to exit, peak resident memory (bench/peak-memory.js), exit
// code and output. The benchmark's runs are all measured this way, so they compare like with like.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PEAK_MEMORY = fileURLToPath(new URL('./peak-memory.js', import.meta.url));

export interface Measured {
  exitCode: number | null;
  /** Date.now() when the process was spawned, to set against the times in its report */
  spawnedAt: number;
  wallMs: number;
  /** KiB; undefined when the process died before it could say */
  peakKiB: number | undefined;
  stdout: string;
  stderr: string;
}

/** What a run reads besides its flags: a developer's own MOCKAPI_* settings, and the GitHub Actions runner's. */
const OWN_SETTINGS = /^(?:MOCKAPI_|GITHUB_ACTIONS$|GITHUB_STEP_SUMMARY$)/;

/** Variables a developer (or a CI runner) may have set; a measured run sees only what the bench gives. */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !OWN_SETTINGS.test(name)));
  return { ...env, ...extra };
}

export function measure(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Measured> {
  const peakFile = join(options.cwd, `peak-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  return new Promise((resolve, reject) => {
    const spawnedAt = Date.now();
    const startedAt = performance.now();
    const child = spawn(process.execPath, ['--import', PEAK_MEMORY, ...args], {
      cwd: options.cwd,
      env: { ...options.env, MOCKAPI_BENCH_PEAK_FILE: peakFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const wallMs = performance.now() - startedAt;
      const peakKiB = existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) : undefined;
      rmSync(peakFile, { force: true });
      resolve({ exitCode, spawnedAt, wallMs, peakKiB, stdout, stderr });
    });
  });
}
