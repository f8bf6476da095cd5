// The command compiled once, as the installed package runs it (dist/), for tests that run it many times: a run
// from the sources pays for tsx's loader in the command and in its worker on every start (measured: 2.96 CPU
// seconds a fault-matrix row from the sources, 2.55 compiled; docs/test-speed.md). `npm test` type-checks the sources first, so the
// copy is emitted without checking them again (--noCheck: 4 s instead of 8).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CompiledCommand {
  /** where the copy is: contract/, src/, reference/ ... as in dist/ */
  dir: string;
  remove(): void;
}

/**
 * Compiles the package's sources (tsconfig.build.json) into a new folder under the checkout's tmp/, ignored by
 * git: inside the package, so the copy finds package.json, schemas/ and node_modules as dist/ does (never dist/
 * itself, which packing the package replaces while other tests run).
 */
export async function compileCommand(): Promise<CompiledCommand> {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'tmp', 'compiled-'));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const args = [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', dir, '--declaration', 'false', '--noCheck'];
  try {
    await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`tsc could not compile the sources: ${`${stdout}${stderr}`.slice(-2000) || message}`);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
