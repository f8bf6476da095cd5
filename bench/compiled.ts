// The command compiled once, as the installed package runs it (dist/), for tests that run it many times and for
// `npm run bench` (every conformance run it measures is the compiled command): a run
// from the sources pays for tsx's loader in the command and in its worker on every start, which the tests' many
// runs of the command add up (docs/test-speed.md). `npm test` type-checks the sources first, so the
// copy is emitted without checking the types again or reading the dependencies' (--noCheck, --noResolve, as the
// GitHub Action does), each file on its own (--isolatedModules: an import is kept or dropped by how the file uses it,
// as tsx and vitest do, without resolving what it names): the JavaScript of the build, file for file (action.test.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CompiledCommand {
  /** where the copy is: contract/, src/, reference/ ... as in dist/ */
  dir: string;
}

/** The marker files a compilation started by the tests' global set-up leaves in its folder when it has ended. */
const READY = '.compiled';
const FAILED = '.failed';

/**
 * Compiles the package's sources (tsconfig.build.json) into a new folder under the checkout's tmp/, ignored by
 * git: inside the package, so the copy finds package.json, schemas/ and node_modules as dist/ does (never dist/
 * itself, which packing the package replaces while other tests run). In the background (the tests' global
 * set-up): the folder is known at once, so test files can be told where it will be, and the compilation's
 * seconds overlap the first files' own.
 */
export function startCompiling(): { dir: string; ended: Promise<void> } {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'tmp', 'compiled-'));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const args = [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', dir, '--declaration', 'false', '--noCheck', '--noResolve', '--isolatedModules'];
  const ended = promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).then(
    () => writeFileSync(join(dir, READY), ''),
    (error: { stdout?: string; stderr?: string; message: string }) =>
      writeFileSync(join(dir, FAILED), `tsc could not compile the sources: ${`${error.stdout ?? ''}${error.stderr ?? ''}`.slice(-2000) || error.message}`),
  );
  return { dir, ended };
}

/** The command compiled in `dir` (by the global set-up, or the benchmark), once its compilation has ended (watched for, not polled); tsc's errors if it failed. */
export function compiledWhenEnded(dir: string): Promise<CompiledCommand> {
  const settled = (): CompiledCommand | Error | undefined => {
    if (existsSync(join(dir, READY))) return { dir };
    if (existsSync(join(dir, FAILED))) return new Error(readFileSync(join(dir, FAILED), 'utf8'));
    return undefined;
  };
  return new Promise((resolve, reject) => {
    const settle = (outcome: CompiledCommand | Error) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
    const watcher = watch(dir, () => {
      const outcome = settled();
      if (!outcome) return;
      watcher.close();
      settle(outcome);
    });
    // it may have ended before the watch began
    const outcome = settled();
    if (outcome) {
      watcher.close();
      settle(outcome);
    }
  });
}
