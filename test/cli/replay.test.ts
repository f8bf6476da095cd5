// `mockapi-conformance replay REPORT.json`: the checks that did not pass in a report, run again with its seed
// against its deployment, each said fixed or still failing. Three small runs through a long-lived runner.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { emptyDirectory } from '../support/cli.ts';
import { useRunners } from '../support/runners.ts';

const runner = useRunners(1);
const FAULT = { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' };
const CHECK = 'chaos-settings/updating-chaos-settings-200';

test('a failure replayed against the same fault is still failing (exit 1); against the clean reference it is fixed (exit 0)', async () => {
  const first = await runner.run(['--only', '^CHAOS-STATUS'], FAULT);
  expect(first.code).toBe(1);
  const file = join(emptyDirectory(), 'report.json');
  writeFileSync(file, first.reportText);

  const same = await runner.run([file], FAULT, { command: 'replay' });
  expect(same.code, same.stderr).toBe(1);
  expect(same.stdout).toContain(`Replaying 1 check against the embedded reference deployment, seed ${first.report!.run.seed}`);
  expect(same.stdout).toMatch(new RegExp(`^still failing  ${CHECK} \\(failed\\): \\[CHAOS-STATUS\\]`, 'm'));
  // only the checks that did not pass ran again, with the report's seed
  expect(same.report!.checks.map((c) => c.id)).toEqual([CHECK]);
  expect(same.report!.run.seed).toBe(first.report!.run.seed);

  // the report names the fixtures' variables of its run (never their ids or a key): one not set again is said
  expect(first.report!.run.fixtures).toEqual([]);
  // a check whose id was retired since the report is said so, and not run again
  const retired = { ...first.report!.checks[0]!, id: 'identifiers/updateChaosSettings/body-not-json-answered-invalid-json' };
  const checks = [...first.report!.checks, retired];
  writeFileSync(file, JSON.stringify({ ...first.report, checks, run: { ...first.report!.run, fixtures: ['MOCKAPI_TEAM_ID'] } }));
  const clean = await runner.run([file], {}, { command: 'replay' });
  expect(clean.code, clean.stderr).toBe(0);
  expect(clean.stderr).toBe(
    "mockapi-conformance replay: warning: the report's run had MOCKAPI_TEAM_ID set, this one has not: the checks that need it are skipped\n",
  );
  expect(clean.stdout).toMatch(new RegExp(`^fixed          ${CHECK}$`, 'm'));
  expect(clean.stdout).toMatch(new RegExp(`^retired        ${retired.id}: not run again, the interface fixes the Invalid JSON entry`, 'm'));
  expect(clean.report!.checks.map((c) => c.id)).toEqual([CHECK]);
  expect(clean.stdout).toMatch(/^1 fixed, 0 still failing, 0 not judged$/m);
});

test('no report, a flag the report decides, or a file that is no report: one line, exit 2', async () => {
  const dir = emptyDirectory();
  writeFileSync(join(dir, 'x.json'), '{"not": "a report"}');
  for (const args of [[], ['r.json', '--seed', '3'], ['x.json']]) {
    const r = await runner.run(args, {}, { command: 'replay', cwd: dir });
    expect(r.code, args.join(' ')).toBe(2);
    expect(r.stderr).toMatch(/^mockapi-conformance replay: [^\n]+\n$/);
  }
});
