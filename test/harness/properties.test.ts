// Faults no hand-written case reaches are found by the generated payloads, shrunk to the smallest failing
// input, and reported with the seed, the fast-check path and a curl line that sends that input.
import { describe, expect, test } from 'vitest';
import { CI_SEED } from '../../src/run/open-target.ts';
import { useRunners } from '../support/runners.ts';

// whole runs of the command, each its own, made by two long-lived runners (test/support/runners.ts): two at once
const runners = useRunners(2);

// --runs by default 100, as the command chooses against a reference that answers within 10 ms: a busy machine may
// measure more and choose 20, and what these tests hold is the generated payloads, not that choice
const failedChecks = async (fault: string, args: string[] = ['--runs', '100']) => {
  const r = await runners.run(args, { MOCKAPI_REFERENCE_FAULTS: fault, CI: '1' });
  expect(r.code).toBe(1);
  return { stdout: r.stdout, failed: r.report!.checks.filter((c) => c.outcome === 'failed') };
};

describe('generated payloads', () => {
  test.concurrent('find a limit moved by less than any hand-written case with the nearest double above 100, sent on every run', async () => {
    const { failed, stdout } = await failedChecks('chaos-percentage-a-hair-above-100-accepted');
    expect(failed.map((c) => c.title)).toEqual([
      'CHAOS-PERCENTAGE-LIMIT generated percentageFailures past 0 or 100 (the nearest doubles included) are rejected',
    ]);
    const [check] = failed;
    expect(check!.message).toContain(`one of each kind failed after 1 runs and 0 shrinks: seed ${CI_SEED}, path `);
    expect(check!.message).toContain(`(rerun with --seed ${CI_SEED} --runs 100)`);
    expect(check!.message).toContain(
      'smallest failing input: {"rule":"above-limit","pointer":"/chaos/percentageFailures","body":{"chaos":{"enabled":false,"percentageFailures":100.00000000000001,"socketClose":{"enabled":false},"socketReset":{"enabled":false},"invalidHttp":{"enabled":false},"longDelay":{"enabled":false,"durationMillis":0},"httpErrors":[]}}}',
    );
    // the input sent once more, then, as the deployment took it, chaos settings that do nothing
    expect(check!.evidence.map((e) => e.curl)).toEqual([
      expect.stringContaining(
        `--data-binary '{"chaos":{"enabled":false,"percentageFailures":100.00000000000001,"socketClose":{"enabled":false},"socketReset":{"enabled":false},"invalidHttp":{"enabled":false},"longDelay":{"enabled":false,"durationMillis":0},"httpErrors":[]}}'`,
      ),
      expect.stringContaining(
        `--data-binary '{"chaos":{"enabled":false,"percentageFailures":0,"socketClose":{"enabled":false},"socketReset":{"enabled":false},"invalidHttp":{"enabled":false},"longDelay":{"enabled":false,"durationMillis":0},"httpErrors":[]}}'`,
      ),
    ]);
    expect(stdout).toContain(`Generated payloads: seed ${CI_SEED}, 100 runs per property`);
  });

  test.concurrent('find rows longer than their columns, shrunk to one column and one row one string too long', async () => {
    const { failed } = await failedChecks('data-source-row-long-accepted');
    expect(failed.map((c) => c.requirement)).toEqual(['DS-TYPES']);
    expect(failed[0]!.violated).toEqual(['DS-ROWS-FIT']);
    const input = JSON.parse(/smallest failing input: (.*)$/m.exec(failed[0]!.message)![1]!);
    expect(input.rule).toBe('rows-misfit');
    expect(input.body.dataSource.columnsMetadata).toHaveLength(1);
    expect(input.body.dataSource.rows.at(-1)).toHaveLength(2);
  });

  test.concurrent('--seed repeats the same smallest input, and --runs scales the number of inputs', async () => {
    const seeded = ['--seed', '12345', '--runs', '40'];
    const [a, b] = await Promise.all([failedChecks('data-source-row-long-accepted', seeded), failedChecks('data-source-row-long-accepted', seeded)]);
    const input = (m: string) => /smallest failing input: (.*)$/m.exec(m)![1];
    expect(input(a.failed[0]!.message)).toBe(input(b.failed[0]!.message));
    expect(a.stdout).toContain('Generated payloads: seed 12345, 40 runs per property');
  });

  test.concurrent('inputs sent together find what one at a time finds: the same input, after as many runs and shrinks', async () => {
    const seeded = ['--seed', '12345', '--runs', '40'];
    const [one, eight] = await Promise.all([
      failedChecks('data-source-row-long-accepted', [...seeded, '--concurrency', '1']),
      failedChecks('data-source-row-long-accepted', [...seeded, '--concurrency', '8']),
    ]);
    const found = (m: string) => /(failed after \d+ runs and \d+ shrinks: seed \d+, path \S+).*smallest failing input: (.*)$/m.exec(m)!.slice(1);
    const generated = (checks: typeof one.failed) => checks.filter((c) => c.message.includes('smallest failing input'));
    expect(generated(one.failed).map((c) => c.id)).toEqual(generated(eight.failed).map((c) => c.id));
    expect(generated(one.failed).length).toBeGreaterThan(0);
    for (const [i, check] of generated(one.failed).entries()) expect(found(generated(eight.failed)[i]!.message), check.id).toEqual(found(check.message));
    // the failure came after inputs that passed, and shrinking sent more: both phases of a pooled run are in it
    expect(found(generated(one.failed)[0]!.message)[0]).toMatch(/failed after ([2-9]|\d\d+) runs and [1-9]\d* shrinks/);
  });
});
