// The seed of the project's own property tests: fixed in CI (the CLI's own, src/run/open-target.ts), so that a red
// build reruns as it was; random elsewhere, and printed by every test file that uses it.
import { CI_SEED } from '../../src/run/open-target.ts';

export function propertySeed(what: string): number {
  const seed = process.env.CI ? CI_SEED : Math.floor(Math.random() * 2 ** 31);
  console.info(`${what}: fast-check seed ${seed}`);
  return seed;
}
