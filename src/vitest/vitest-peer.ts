// vitest is a peer dependency: the checks run in the vitest installed beside the package (the command's through
// its Node API, conformanceProject's in an implementer's own), one copy shared with the project. The package runs
// on the range its package.json names (peerDependencies.vitest), which its tests install and run; outside it, or
// with none installed, one line says so before vitest is loaded (bin/mockapi-conformance.js, src/vitest/conformance-project.ts).
import { createRequire } from 'node:module';
import { packageManifest } from '../../contract/package-root.ts';

/** The vitest Node finds from the package: its version, 'none' when none is installed, 'unknown' when it cannot be read. */
function installedVitest(): string {
  try {
    return (createRequire(import.meta.url)('vitest/package.json') as { version: string }).version;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' ? 'none' : 'unknown';
  }
}

/** The major, minor and patch of a version or of one caret range (^3.2.0). */
const numbers = (version: string): number[] => version.replace(/^\^/, '').split(/[.+-]/, 3).map(Number);

/**
 * Whether `version` is in `range`, caret ranges joined by || (^3.2.0 || ^4.0.0): of the major of one of them, and
 * at least its minor and patch.
 */
export function inRange(version: string, range: string): boolean {
  const [major, minor = NaN, patch = NaN] = numbers(version);
  return range.split('||').some((caret) => {
    const [least, leastMinor = 0, leastPatch = 0] = numbers(caret.trim());
    return major === least && (minor > leastMinor || (minor === leastMinor && patch >= leastPatch));
  });
}

/**
 * The one line that says the vitest beside the package is none it runs on, and what to install (the range's part
 * of the same major, else its newest); undefined when it is one.
 */
export function vitestOutsideRange(version = installedVitest(), range = packageManifest().peerDependencies.vitest!): string | undefined {
  if (inRange(version, range)) return undefined;
  const carets = range.split('||').map((caret) => caret.trim());
  const install = `npm install vitest@${carets.find((caret) => numbers(caret)[0] === numbers(version)[0]) ?? carets.at(-1)}`;
  const installed =
    version === 'none' ? 'no vitest is installed' : version === 'unknown' ? "the installed vitest's version cannot be read" : `vitest ${version} is installed`;
  return `${installed}, and mockapi-conformance runs its checks on vitest ${range} (a peer dependency): ${install}`;
}
