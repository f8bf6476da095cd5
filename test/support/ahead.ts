// Work started ahead of the tests that read it, a fixed number at a time. vitest runs at most maxConcurrency
// tests of the whole run at once (vitest.config.ts); a test file whose tests each wait on a child process can
// keep more of them going than that, so that one's wait (start-up, a check that waits) is another's turn on a core.

/**
 * Starts `work` for each key in the order given, at most `atOnce` at a time, and returns the promise of each
 * key's result. A failed piece of work rejects its own promise only.
 */
export function runAhead<K, R>(keys: readonly K[], atOnce: number, work: (key: K) => Promise<R>): Map<K, Promise<R>> {
  const starts: (() => void)[] = [];
  let begun = 0;
  const startNext = () => starts[begun++]?.();
  const results = new Map<K, Promise<R>>();
  for (const key of keys) {
    const result = new Promise<void>((resolve) => starts.push(resolve)).then(() => work(key));
    // the next in line starts when this one ends, however it ends
    void result.then(startNext, startNext);
    // a result nobody reads (its test filtered out) is no unhandled rejection
    result.catch(() => {});
    results.set(key, result);
  }
  for (let i = 0; i < atOnce; i++) startNext();
  return results;
}
