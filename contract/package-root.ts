// Where the package is, from the sources as from the compiled package: the sources run from the repository
// (contract/, src/, suites/ ... beside package.json), the compiled files from dist/ (dist/contract/ ...),
// while package.json and schemas/ stay at the package's root in both. Imports nothing of ours.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/** '.ts' where the sources run (tsx, vitest), '.js' where the compiled package runs. */
export const SOURCE_EXTENSION: '.ts' | '.js' = HERE.endsWith('.ts') ? '.ts' : '.js';

/** The directory that holds contract/, src/, suites/ ...: the repository from the sources, dist/ compiled. */
export const CODE_ROOT = dirname(dirname(HERE));

/** The nearest directory above this file with a package.json, as Node itself finds a module's package. */
function packageRoot(): string {
  for (let dir = dirname(HERE); ; ) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${HERE}`);
    dir = parent;
  }
}

/** The directory that holds our package.json, schemas/ and bin/. */
export const PACKAGE_ROOT = packageRoot();

/** What is read of our package.json. */
interface PackageManifest {
  version: string;
  peerDependencies: Record<string, string>;
}

let manifest: PackageManifest | undefined;

/** Our package.json. */
export function packageManifest(): PackageManifest {
  manifest ??= JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as PackageManifest;
  return manifest;
}

/** The version in our package.json. */
export function packageVersion(): string {
  return packageManifest().version;
}
