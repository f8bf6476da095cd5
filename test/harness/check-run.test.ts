// A run of the checks (CheckRun), made from the description the command or conformanceProject provides: which checks
// it has (its profile, --only), how a test is named, what --max-failures counts, the stop it shares, and what it
// keeps for its checks (shared, perRun), which no other run sees.
import { expect, test } from 'vitest';
import { check, shared, type CheckDefinition } from '../../src/harness/check.ts';
import { CheckRun } from '../../src/harness/check-run.ts';
import type { Client } from '../../src/http/client.ts';
import { namePassed, passedInSequence, takenNote } from '../../properties/shared-renames.ts';
import type { RunDescription } from '../../src/harness/run-description.ts';
import { RunGate } from '../../src/http/run-gate.ts';
import { CheckContext } from '../../src/harness/check-context.ts';
import type { Target } from '../../src/judge/target.ts';

const target = { baseUrl: 'http://127.0.0.1:9', fixtures: {}, profile: 'mock' } as unknown as Target;
const runOf = (described: Partial<RunDescription>) => new CheckRun({ target, stop: new SharedArrayBuffer(8), openapi: {}, names: 'requirement', ...described });

const definition = (id: string, requirement: string, title: string, options: Partial<CheckDefinition['options']> = {}) =>
  check(id, requirement as CheckDefinition['requirement'], title, { operation: 'getOrganisation', ...options }, async () => {});

test('--only keeps a check by its id or its name, without case; a project names its tests by check id first', () => {
  const checks = [
    definition('organisations/get', 'ORG-GET', 'get'),
    definition('teams/renamed', 'ORG-RENAME', 'renamed'),
    definition('teams/delete', 'TEAM-DELETE', 'deleted'),
  ];
  const ids = (run: CheckRun) => run.checksOf(checks).map((d) => d.id);
  expect(ids(runOf({ only: '^organisations/|org-rename' }))).toEqual(['organisations/get', 'teams/renamed']);
  expect(ids(runOf({}))).toEqual(['organisations/get', 'teams/renamed', 'teams/delete']);
  expect(runOf({}).testName(checks[2]!)).toBe('TEAM-DELETE deleted');
  expect(runOf({ names: 'check-id' }).testName(checks[2]!)).toBe('teams/delete TEAM-DELETE deleted');
});

test("a project's run against the embedded reference says so in each test's name, after the check id; the command's names stay as they are", () => {
  const embedded = (described: Partial<RunDescription>) => runOf({ target: { ...target, embedded: true }, ...described });
  const teamDelete = definition('teams/delete', 'TEAM-DELETE', 'deleted');
  expect(embedded({ names: 'check-id' }).testName(teamDelete)).toBe('teams/delete TEAM-DELETE deleted (against the embedded reference deployment)');
  expect(embedded({}).testName(teamDelete)).toBe('TEAM-DELETE deleted');
});

test('a run has the checks of its profile alone, in the order given, and knows which it has', () => {
  const checks = [
    definition('a/live', 'ORG-GET', 'live only', { profile: 'live' }),
    definition('a/both', 'ORG-GET', 'both'),
    definition('a/mock', 'ORG-GET', 'mock only', { profile: 'mock' }),
  ];
  const run = runOf({});
  expect(run.checksOf(checks).map((d) => d.id)).toEqual(['a/both', 'a/mock']);
  expect([run.declares('a/both'), run.declares('a/live')]).toEqual([true, false]);
});

test('--max-failures counts checks that failed a must, and those that only warned with --strict', () => {
  const lenient = runOf({ maxFailures: { count: 1, strict: false } });
  lenient.failedWith(['should']);
  expect(lenient.maxFailuresReason()).toBeUndefined();
  lenient.failedWith(['should', 'must']);
  expect(lenient.maxFailuresReason()).toMatch(/^not run: 1 check had failed, and --max-failures 1 /);
  const strict = runOf({ maxFailures: { count: 1, strict: true } });
  strict.failedWith(['should']);
  expect(strict.maxFailuresReason()).toMatch(/^not run: 1 check had failed or warned/);
});

test("the run's stop is the memory of the description: set by the thread that opened the target, read at once", () => {
  const stop = new SharedArrayBuffer(8);
  const run = runOf({ stop });
  expect(run.gate.stopped).toBe(false);
  const opener = new RunGate(stop);
  opener.stop('interrupted');
  expect(run.gate.reason).toBe('interrupted');
  opener.close();
  run.gate.close();
});

test("two runs in one worker each see their own shared requests and their own generated names' riding", async () => {
  const first = runOf({ target: { ...target, baseUrl: 'http://127.0.0.1:1' } });
  const second = runOf({ target: { ...target, baseUrl: 'http://127.0.0.1:2' } });
  first.checksOf([definition('organisations/generated-names-taken', 'ORG-RENAME', 'generated names')]);
  expect([first.declares('organisations/generated-names-taken'), second.declares('organisations/generated-names-taken')]).toEqual([true, false]);
  const contextOf = (run: CheckRun) => new CheckContext('ORG-RENAME', run.target, {} as Client, undefined, undefined, run);
  let made = 0;
  const sent = shared(async ({ target: t }) => `${t.baseUrl} #${++made}`);
  expect(await Promise.all([sent(contextOf(first)), sent(contextOf(first)).then(String), sent(contextOf(second))])).toEqual([
    'http://127.0.0.1:1 #1',
    'http://127.0.0.1:1 #1',
    'http://127.0.0.1:2 #2',
  ]);
  namePassed(contextOf(first), 'a name');
  expect(passedInSequence(contextOf(second), 'a name')).toBe(false);
  expect(takenNote(contextOf(second))).toBeUndefined();
  expect(passedInSequence(contextOf(first).fork(), 'a name')).toBe(true);
  expect(takenNote(contextOf(first))).toMatch(/^1 of its names /);
});
