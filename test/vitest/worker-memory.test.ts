// A run's worker out of memory is the run's error, not a crash (src/vitest/worker-memory.ts): the watch knows it from
// the worker's own error, and the report says it in the run's words, the checks left unended errored. A worker of
// a few MiB of heap runs out in a fraction of a second.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { ConformanceReporter, type ReportedRun } from '../../src/vitest/conformance-reporter.ts';
import { OUT_OF_MEMORY, WorkerMemory } from '../../src/vitest/worker-memory.ts';
import type { ConformanceReport } from '../../contract/report.ts';

/** A worker that keeps what it allocates until its small heap is full; its end, however it ends. */
async function exhausted(): Promise<{ code?: string }> {
  const worker = new Worker('const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length));', {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
  });
  const error = new Promise<{ code?: string }>((resolve) => worker.on('error', resolve));
  await new Promise((resolve) => worker.on('exit', resolve));
  return error;
}

test('a worker past its heap is known as out of memory, by a watch open then, not by one closed', async () => {
  const memory = new WorkerMemory();
  try {
    expect(memory.outOfMemory).toBe(false);
    expect((await exhausted()).code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    expect(memory.outOfMemory).toBe(true);
  } finally {
    memory.close();
  }
  const closed = new WorkerMemory();
  closed.close();
  await exhausted();
  expect(closed.outOfMemory).toBe(false);
  expect(process.listeners('uncaughtException').some((l) => l.name === 'onUncaught')).toBe(false);
});

test('a watch closed while its worker lives on takes its listener off that worker', async () => {
  const memory = new WorkerMemory();
  const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
  try {
    await once(worker, 'online');
    expect(worker.listenerCount('error')).toBe(1);
    memory.close();
    expect(worker.listenerCount('error')).toBe(0);
  } finally {
    await worker.terminate();
  }
});

/** A check as vitest's reporter API shows it, in the state given. */
const check = (name: string, state: string) => ({
  name,
  meta: () => ({ check: { id: `area/${name}`, requirement: 'GEN-JSON', level: 'must', operation: 'getOrganisation' } }),
  result: () => ({ state, errors: [] }),
  diagnostic: () => undefined,
});

function reported(outOfMemory: boolean): ConformanceReport {
  const reporter = new ConformanceReporter();
  const run = { root: '/', target: {}, run: {}, version: '0', secrets: {}, runErrors: () => [], outOfMemory: () => outOfMemory } as unknown as ReportedRun;
  reporter.opened([], run);
  const module = { moduleId: '/suites/run.ts', errors: () => [], children: { allTests: () => [check('ended', 'passed'), check('unended', 'pending')] } };
  reporter.onTestRunEnd([module] as never, [{ name: 'Error', message: '[vitest-pool]: Worker threads emitted error.' }] as never);
  return reporter.report!;
}

test("the report of a run whose worker ran out of memory says so in the run's words; the checks it left unended are errored", () => {
  const report = reported(true);
  expect(report.errors).toEqual([OUT_OF_MEMORY]);
  expect(report.checks.map((c) => [c.title, c.outcome])).toEqual([
    ['ended', 'passed'],
    ['unended', 'errored'],
  ]);
  expect(report.checks[1]!.message).toBe("the run's worker ran out of memory before this check ended");
  // without it, vitest's error stays as it came, and an unended check is what it was
  expect(reported(false).errors).toEqual(['Error: [vitest-pool]: Worker threads emitted error.']);
  expect(reported(false).checks[1]!.outcome).toBe('skipped');
});
