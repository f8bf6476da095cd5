// The benchmark (bench/): its figures are computed as they say, its proxy records what a run sends and
// answers like the deployment behind it, and `npm run bench` runs to the end and writes its results. No
// speed is asserted here: the benchmark reports figures, it does not judge them in a test.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, test } from 'vitest';
import { cleanEnvironment } from '../../bench/measure.ts';
import { withKeys, withPlaceholders } from '../../bench/mix.ts';
import { startRecorder } from '../../bench/recorder.ts';
import { formatTable, median, summarise, type Results, type Sample } from '../../bench/results.ts';
import { startReference } from '../../reference/server.ts';
import { Client } from '../../src/http/client.ts';
import { compiledWhenEnded } from '../../bench/compiled.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('figures', () => {
  test('median of an odd and an even number of runs', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  const sample = (wallMs: number, requests: number, extra: Partial<Sample> = {}): Sample => ({ wallMs, requests, peakKiB: 102_400, ...extra });
  const results = (propertyPhaseMs: number): Results =>
    summarise({
      date: '2026-11-21T00:00:00.000Z',
      commit: 'abc1234',
      machine: { node: 'v20', platform: 'linux x64', cpus: 2, cpuModel: 'test' },
      settings: { repeat: 1, seed: 1, propertyRuns: 1000, inFlight: 2, limitPasses: 3, mixRequests: 1000, latencyMs: 50, latencyRuns: 20, answerMiB: 100 },
      samples: {
        latency: [
          sample(16_000, 489, { startMs: 1500, checksMs: 14_000, endMs: 500, inFlight: 2, chain: 80, chains: { 'data source': 40, organisation: 80 } }),
        ],
        latencyLimit: [sample(12_000, 489, { inFlight: 2 })],
        limit: [sample(1000, 3000)],
        asTyped: [sample(4000, 1000, { startMs: 1500, checksMs: 2000, endMs: 500 })],
        split: [sample(3000, 1000, { startMs: 1000, checksMs: 1800, endMs: 200 })],
        properties: [sample(10_000, 15_000, { startMs: 1000, checksMs: propertyPhaseMs, endMs: 200 })],
        // 390 MiB is 409 MB: over the 400 MB the target names
        bigDeclared: [sample(3000, 350, { peakKiB: 280 * 1024 })],
        bigStreamed: [sample(6000, 350, { peakKiB: 390 * 1024 })],
      },
    });

  /** the results of a benchmark that measured only the rows whose samples are given (--rows) */
  const onlyRows = (samples: Partial<Parameters<typeof summarise>[0]['samples']>): Results =>
    summarise({
      date: '2026-11-21T00:00:00.000Z',
      commit: undefined,
      machine: { node: 'v20', platform: 'linux x64', cpus: 2, cpuModel: 'test' },
      settings: { repeat: 1, seed: 1, propertyRuns: 1000, inFlight: 2, limitPasses: 3, mixRequests: 0, latencyMs: 50, latencyRuns: 20, answerMiB: 100 },
      samples: { latency: [], latencyLimit: [], limit: [], asTyped: [], split: [], properties: [], bigDeclared: [], bigStreamed: [], ...samples },
    });

  test('rates and ratios: (b) over its wall time and over its checks, (c) over its checks', () => {
    const r = results(9000);
    expect(r.limit.median.requestsPerSecond).toBe(3000);
    expect(r.defaultRun.median).toMatchObject({ requestsPerSecond: 250, checksPerSecond: 500, peakMiB: 100 });
    expect(r.ratios.defaultRunToLimit).toBeCloseTo(250 / 3000);
    expect(r.ratios.defaultRunChecksToLimit).toBeCloseTo(500 / 3000);
    expect(r.properties.median.checksPerSecond).toBeCloseTo(15_000 / 9);
    expect(r.ratios.propertiesToLimit).toBeCloseTo(15_000 / 9 / 3000);
    expect(r.latency.median.inFlight).toBe(2);
    expect(r.ratios.latencyToLimit).toBeCloseTo(12 / 16);
    expect(r.targets).toEqual({ defaultRunUnder1500ms: false, propertiesAtLeastHalfTheLimit: true, latencyRunUnder5s: false, bigAnswersUnder400MB: false });
    // the floor: 80 round trips in a row at 50 ms
    expect(r.floor).toEqual({ chain: 80, ms: 4000, wallToFloor: 4 });
  });

  test('a missed target is said in the table', () => {
    const table = formatTable(results(20_000));
    expect(table).toMatch(/property checks at least half the limit's rate: MISSED \(0\.25\)/);
    expect(table).toMatch(/full default run at most 1\.5 s: MISSED \(4\.00 s\)/);
    expect(table).toMatch(/50 ms away at most 5 s: MISSED \(16\.00 s\)/);
    expect(table).toMatch(/^ {6}floor: longest chain 80 × 50 ms +4\.00 s +4\.00×$/m);
    expect(table).toContain("(d)'s chains, round trips in a row: organisation 80, data source 40.");
    expect(table).toMatch(/^\(d\) 50 ms away, --runs 20, 2 in flight +16\.00 s +489 +31 +100 MiB$/m);
    expect(table).toMatch(/^\(a\) limit: plain undici, same mix +1\.00 s +3000 +3000 +100 MiB +1\.00$/m);
    expect(table).toMatch(/^\(e\) 100 MiB answers, length declared \(answers\) +3\.00 s +350 +117 +280 MiB$/m);
    expect(table).toContain('peak memory against 100 MiB answers at most 400 MB (381 MiB): MISSED (280 MiB declared, 390 MiB streamed)');
  });

  test('a row not measured (--rows) has no line and no target', () => {
    const r = onlyRows({ bigDeclared: [sample(3000, 350)], bigStreamed: [sample(5000, 350)] });
    expect(r.targets).toEqual({ bigAnswersUnder400MB: true });
    const table = formatTable(r);
    expect(table).not.toMatch(/^\((a|b|c|d)\)/m);
    expect(table).toMatch(/^ {4}100 MiB answers, streamed \(answers\) +5\.00 s/m);
    expect(table).toMatch(/^targets: peak memory against 100 MiB answers at most 400 MB \(381 MiB\): met \(100 MiB declared, 100 MiB streamed\)$/m);
  });

  test('(f), answers just under the cap: two lines and a note, measured and judged by no target', () => {
    const r = onlyRows({ underCapString: [sample(10_000, 460, { peakKiB: 320 * 1024 })], underCapKeys: [sample(9000, 450, { peakKiB: 310 * 1024 })] });
    expect(r.targets).toEqual({});
    const table = formatTable(r);
    expect(table).toMatch(/^\(f\) answers just under the cap: one string +10\.00 s +460 +46 +320 MiB$/m);
    expect(table).toMatch(/^ {4}answers just under the cap: keys +9\.00 s +450 +50 +310 MiB$/m);
    expect(table).toMatch(/^\(f\) a run at defaults against a deployment whose every answer is 8 MiB less 4 KiB/m);
    expect(table).toMatch(/^targets: none of the measured rows has one$/m);
    expect(formatTable(onlyRows({}))).not.toMatch(/^\(f\)/m);
  });

  test("(b) whose checks waited for a delete to last: the wait is a line of its own, and the target says the run's work apart from it", () => {
    const r = onlyRows({ asTyped: [sample(3000, 2666, { startMs: 800, checksMs: 2150, workMs: 1300, endMs: 50 })] });
    const table = formatTable(r);
    expect(table).toMatch(/^ {8}of them waiting for a delete to last +0\.85 s$/m);
    expect(table).toContain(
      "full default run at most 1.5 s: MISSED (3.00 s; 0.80 s to the first check, then its checks' work 1.30 s and 0.85 s more waiting for the run's deletes to have lasted 2 s)",
    );
    // a run whose checks waited for nothing, or whose other checks ended after the wait (a run far away), has no such line
    expect(formatTable(onlyRows({ asTyped: [sample(3000, 2666, { startMs: 800, checksMs: 2150, endMs: 50 })] }))).not.toContain('waiting for a delete');
    expect(formatTable(onlyRows({ latency: [sample(5000, 867, { startMs: 800, checksMs: 4150, workMs: 4150, endMs: 50 })] }))).not.toContain(
      'waiting for a delete',
    );
  });

  test('(b) measured without (a): its rows show no ratio to the limit, not NaN', () => {
    const r = onlyRows({ asTyped: [sample(3000, 2666)], split: [sample(3000, 2666)] });
    const table = formatTable(r);
    expect(table).toMatch(/^\(b\) full default run, as typed +3\.00 s +2666 +889 +100 MiB$/m);
    expect(table).toMatch(/^ {4}same checks, reference apart +3\.00 s +2666 +889 +100 MiB$/m);
    expect(table).not.toContain('NaN');
  });

  test('--rows d: the table has (d), its floor and its limit, and of the targets only the one (d) measures', () => {
    const full = results(20_000);
    const onlyD = summarise({
      ...full,
      samples: {
        limit: [],
        asTyped: [],
        split: [],
        properties: [],
        latency: full.latency.runs,
        latencyLimit: full.latencyLimit.runs,
        bigDeclared: [],
        bigStreamed: [],
      },
    });
    const table = formatTable(onlyD);
    expect(table).toMatch(/^\(d\) 50 ms away, --runs 20, 2 in flight +16\.00 s/m);
    expect(table).toMatch(/^ {6}floor: longest chain 80 × 50 ms +4\.00 s +4\.00×$/m);
    expect(table).toMatch(/^ {4}limit: same mix, latency, in flight +12\.00 s/m);
    expect(table).not.toMatch(/^\((a|b|c)\) /m);
    expect(table).not.toContain('NaN');
    expect(table).toMatch(/^targets: 50 ms away at most 5 s: MISSED \(16\.00 s\)$/m);
  });
});

describe('the recorded mix', () => {
  test("keys become placeholders and go back in as the replay target's keys, also inside other values", () => {
    const recorded = withPlaceholders({ authorization: 'Token abc', other: 'token abcdef' }, { token: 'abc', forbiddenToken: 'abcdef' });
    expect(recorded).toEqual({ authorization: 'Token $MOCKAPI_TOKEN', other: 'token $MOCKAPI_FORBIDDEN_TOKEN' });
    expect(withKeys(recorded, { token: 'new', forbiddenToken: 'newer' })).toEqual({ authorization: 'Token new', other: 'token newer' });
  });

  test('the recording proxy answers like the deployment behind it and keeps every request as sent', async () => {
    const reference = await startReference({ port: 0 });
    const keys = { token: reference.fixtures.token, forbiddenToken: reference.fixtures.forbiddenToken };
    const recorder = await startRecorder(reference.baseUrl, keys);
    const direct = new Client({ baseUrl: reference.baseUrl, token: keys.token, forbiddenToken: keys.forbiddenToken, timeoutMs: 5000 });
    const proxied = new Client({ baseUrl: recorder.baseUrl, token: keys.token, forbiddenToken: keys.forbiddenToken, timeoutMs: 5000 });
    try {
      const path = `/v1/organisations/${reference.fixtures.organisationId}`;
      const requests = [
        { method: 'GET', path },
        { method: 'GET', path, credentials: 'forbidden' },
        { method: 'PUT', path: `/v1/mock-apis/${reference.fixtures.mockApiId}/chaos`, raw: '{"chaos": ' },
      ] as const;
      for (const spec of requests) {
        const [a, b] = [await direct.send(spec), await proxied.send(spec)];
        expect(b.status, `${spec.method} ${spec.path}`).toBe(a.status);
        expect(b.mediaType).toBe(a.mediaType);
        expect(b.json).toEqual(a.json);
      }
      expect(recorder.mix()).toEqual([
        expect.objectContaining({ method: 'GET', path, headers: expect.objectContaining({ authorization: 'Token $MOCKAPI_TOKEN' }) }),
        expect.objectContaining({ method: 'GET', path, headers: expect.objectContaining({ authorization: 'Token $MOCKAPI_FORBIDDEN_TOKEN' }) }),
        expect.objectContaining({
          method: 'PUT',
          body: Buffer.from('{"chaos": ').toString('base64'),
          headers: expect.objectContaining({ 'content-type': 'application/json' }),
        }),
      ]);
      expect(JSON.stringify(recorder.mix())).not.toContain(keys.token);
    } finally {
      await Promise.all([direct.close(), proxied.close()]);
      await recorder.close();
      await reference.close();
    }
  });
});

/**
 * `npm run bench -- ARGS`, running the command the tests compiled once (--compiled), not a compilation of its own;
 * `compiled: false` leaves --compiled to ARGS.
 */
async function npmRunBench(
  args: string[],
  env: Record<string, string> = {},
  { compiled = true } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const own = compiled ? ['--compiled', (await compiledWhenEnded(inject('compiledDir'))).dir] : [];
  const child = spawn('npm', ['run', '--silent', 'bench', '--', ...args, ...own], {
    cwd: ROOT,
    env: cleanEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run bench', () => {
  test('one run of each measurement, few generated payloads: the table, and results.json where --out says', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'mockapi-bench-test-')), 'results.json');
    // a short latency keeps (d) quick: its row is there, whatever the figure
    const r = await npmRunBench(['--repeat', '1', '--runs', '10', '--latency-ms', '2', '--rows', 'abcd', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\(a\) limit: plain undici, same mix/m);
    expect(r.stdout).toMatch(/^\(c\) property checks, 10 runs/m);
    expect(r.stdout).toMatch(/^\(d\) 2 ms away, --runs 20, \d+ in flight/m);
    expect(r.stdout).toMatch(/^ {6}floor: longest chain \d+ × 2 ms/m);
    const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
    expect(results.settings).toMatchObject({ repeat: 1, propertyRuns: 10 });
    expect(results.floor!.chain).toBeGreaterThan(10);
    // the limit replays every recorded request of a default run, each pass, and every one is answered
    expect(results.limit.median.requests).toBe(results.settings.mixRequests * results.settings.limitPasses);
    // the limit of (d) replays the run's own mix once, and the proxy saw requests in flight in both
    expect(results.latencyLimit.median.requests).toBeGreaterThanOrEqual(results.latency.median.requests);
    expect(results.latency.median.inFlight).toBeGreaterThanOrEqual(1);
    expect(results.latencyLimit.median.inFlight).toBeLessThanOrEqual(results.latency.median.inFlight!);
    for (const m of [results.limit, results.defaultRun, results.defaultRunPhases, results.properties, results.latency, results.latencyLimit]) {
      expect(m.runs).toHaveLength(1);
      expect(m.median.requestsPerSecond).toBeGreaterThan(0);
      expect(m.median.peakMiB).toBeGreaterThan(10);
    }
    // the report's check times fall within the run (clock and rounding: a few ms)
    for (const m of [results.defaultRun, results.defaultRunPhases, results.properties]) {
      const [run] = m.runs;
      expect(run!.startMs).toBeGreaterThan(0);
      expect(run!.checksMs).toBeGreaterThan(0);
      expect(run!.endMs).toBeGreaterThan(-5);
    }
    // a default run's work ends before its checks do or with them (on an idle machine they end waiting for its
    // deletes to last 2 s; on a busy one the other checks may take longer); the property checks delete nothing
    for (const m of [results.defaultRun, results.defaultRunPhases]) expect(m.runs[0]!.workMs ?? m.runs[0]!.checksMs).toBeLessThanOrEqual(m.runs[0]!.checksMs!);
    expect(results.properties.runs[0]!.workMs).toBeUndefined();
  });

  test('--rows e --answer-mib 0.125: the runs against big answers alone, each form once, peak memory said; no target for answers smaller than it names', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'mockapi-bench-test-')), 'results.json');
    // answers of 128 KiB: the row's whole path (each answer read whole, as any under the cap), at a fraction of
    // the bytes (the cap itself: test/http/body-cap.test.ts)
    const r = await npmRunBench(['--repeat', '1', '--rows', 'e', '--answer-mib', '0.125', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/^\((a|b|c|d)\)/m);
    expect(r.stdout).toMatch(/^\(e\) 0\.125 MiB answers, length declared \(answers\) +\d+\.\d\d s +\d+ +\d+ +\d+ MiB$/m);
    expect(r.stdout).toMatch(/^ {4}0\.125 MiB answers, streamed \(answers\) +\d+\.\d\d s/m);
    expect(r.stdout).toMatch(/^targets: none of the measured rows has one$/m);
    const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
    expect(results.settings.answerMiB).toBe(0.125);
    for (const m of [results.bigDeclared, results.bigStreamed]) {
      expect(m.runs).toHaveLength(1);
      // every answer begun is one request of the run; a run sends hundreds
      expect(m.median.requests).toBeGreaterThan(50);
      expect(m.median.peakMiB).toBeGreaterThan(10);
    }
    expect(results.limit.runs).toHaveLength(0);
  });

  test('a conformance run that fails stops the benchmark: exit 1, saying which, and nothing left running', async () => {
    // the bench's own references read MOCKAPI_REFERENCE_FAULTS like any other: the recording run fails
    const r = await npmRunBench(['--repeat', '1', '--runs', '10'], { MOCKAPI_REFERENCE_FAULTS: 'organisation-rename-ignored' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^bench: a conformance run did not pass \(exit 1\): mockapi-conformance --seed \d+$/m);
    // the end of the run's output: what failed, whole
    expect(r.stderr).toMatch(/^ {2}FAILED organisations\/[\w-]+: ORG-RENAME /m);
  });

  test('a bad option: one line, exit 2', async () => {
    const r = await npmRunBench(['--repeat', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('bench: --repeat must be a whole number from 1, not "0"');
    const rows = await npmRunBench(['--rows', 'ax']);
    expect(rows.code).toBe(2);
    expect(rows.stderr.trim()).toBe('bench: --rows names rows of abcdef (for example --rows ae), not "ax"');
    const size = await npmRunBench(['--answer-mib', '0']);
    expect(size.code).toBe(2);
    expect(size.stderr.trim()).toBe('bench: --answer-mib must be a number above 0 (for example 0.5), not "0"');
    // a folder that holds no compilation is said at once, not waited for
    const empty = mkdtempSync(join(tmpdir(), 'mockapi-bench-test-'));
    const compiled = await npmRunBench(['--compiled', empty], {}, { compiled: false });
    expect(compiled.code).toBe(2);
    expect(compiled.stderr.trim()).toBe(
      `bench: --compiled ${empty} holds no src/cli/cli.js: compile the sources there first (npx tsc -p tsconfig.build.json --outDir ${empty})`,
    );
  });
});
