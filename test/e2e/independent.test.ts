// The whole command against a deployment nobody here tuned: test/independent/, written from the interface alone by
// someone who had read neither the checks nor the reference nor its faults, taking its own choice wherever the words
// leave one (test/independent/choices.md). It conforms, so a run must fail, warn and error on nothing. A disagreement
// is settled from the words in docs/checks.md, never by changing that deployment to fit a check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CI_SEED } from '../../src/run/open-target.ts';
import { startIndependent, type IndependentDeployment } from '../independent/deployment.ts';
import type { CliResult } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';

// the whole run, the command's own, made by a runner of this thread (test/support/runners.ts)
const runner = useRunners(1);

/** Long enough for a full run on a slow, busy machine: a bound against a hang, not a time the run is held to. */
const RUN_BOUND_MS = 10 * 60_000;

describe('a full run against a deployment written from the interface alone', () => {
  let deployment: IndependentDeployment | undefined;
  let run: CliResult;
  beforeAll(async () => {
    deployment = await startIndependent();
    // the matrix's depth and seed: what decides which requests are sent is fixed, so a red run reruns as it was
    run = await runner.run(['--runs', '100', '--seed', String(CI_SEED)], deployment.env);
  }, RUN_BOUND_MS);
  afterAll(() => deployment?.close());

  test('fails, warns and errors on nothing, and judges every check it has', () => {
    const notPassed = run.report?.checks.filter((c) => c.outcome !== 'passed').map((c) => `${c.id} ${c.outcome}\n${c.message}`);
    expect(notPassed, run.stderr).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.report!.summary.passed).toBeGreaterThan(300);
  });

  test('records in words of its own what it chose where the interface leaves the answer open', () => {
    const notes = (id: string) => run.report!.checks.find((c) => c.id === id)?.notes ?? [];
    expect(notes('identifiers/updateChaosSettings/body-not-json-not-accepted')).toEqual([expect.stringMatching(/^refused 400 with .*is not valid JSON/)]);
    expect(notes('data-sources/delete-existing-data-source-succeeds')).toEqual([expect.stringMatching(/^answered 204 without a body/)]);
  });
});
