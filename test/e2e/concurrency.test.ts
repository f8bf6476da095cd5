// Requests in flight together (--concurrency), and what must not overlap: a run through a recording
// deployment (bench/recorder.ts) in front of the reference, every request named by its check in the
// User-Agent. Checks that must run alone on a fixture (src/harness/lanes.ts, the catalogue's `lane`) never have another
// request on that fixture under way; the rest go out together, more than two at a time. One 429 holds the
// whole run back, and the report says how long; a maintenance window of 503s mid-run is waited out.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startRecorder, type Recorder } from '../../bench/recorder.ts';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { catalogue } from '../../src/harness/catalogue.ts';
import { useRunners } from '../support/runners.ts';
import { overlaps, senderOf, type Sent } from '../support/overlaps.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

// a deployment of its own for each run: a run deletes its deletable fixtures
let deployment: ReferenceDeployment;
let recorder: Recorder | undefined;
beforeEach(async () => {
  deployment = await startReference({ port: 0 });
});
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
  await deployment.close();
});

/** What the recorder saw, each request with its sender, its path and its time under way. */
function sentThrough(r: Recorder): Sent[] {
  const arrivals = r.arrivals();
  const answered = r.answered();
  return r
    .mix()
    .map((m, i) => ({ check: senderOf(m.headers['user-agent']), method: m.method, path: m.path.split('?')[0]!, start: arrivals[i]!, end: answered[i]! }));
}

const keys = () => ({ token: deployment.fixtures.token, forbiddenToken: deployment.fixtures.forbiddenToken });

describe('checks of one fixture', () => {
  test('checks that must run alone on a fixture never overlap another request on it, while more than two requests are in flight', async () => {
    // 10 ms each: requests stay under way long enough to overlap if anything let them
    recorder = await startRecorder(deployment.baseUrl, keys(), { delayMs: () => 10 });
    const r = await runner.run(['--runs', '20', '--concurrency', '8'], { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.report!.run.concurrency).toBe(8);
    const alone = new Set((await catalogue()).filter((e) => e.lane?.alone).map((e) => e.id));
    const sent = sentThrough(recorder);
    // the run's checks named themselves, and those that run alone were among them
    // only what the run sends before its checks is sent by none (the reachability probe, the guard's read of the name)
    const firstNamed = Math.min(...sent.filter((s) => s.check !== undefined).map((s) => s.start));
    expect(sent.filter((s) => s.check === undefined && s.start >= firstNamed)).toEqual([]);
    expect(new Set(sent.map((s) => s.check).filter((c) => c !== undefined && alone.has(c))).size).toBeGreaterThan(20);
    expect(overlaps(sent, alone)).toEqual([]);
    expect(recorder.maxInFlight()).toBeGreaterThan(2);
    expect(recorder.maxInFlight()).toBeLessThanOrEqual(8);
  });

  test('the overlap test finds a request under way on a fixture while a check ran alone there, and none on another path or by the check itself', () => {
    const alone = new Set(['organisations/update-changes-name-answer-later-get']);
    const rename = { check: 'organisations/update-changes-name-answer-later-get', method: 'PUT', path: '/v1/organisations/org-1' };
    const sent: Sent[] = [
      { ...rename, start: 100, end: 120 },
      { ...rename, method: 'GET', start: 125, end: 140 },
      { check: 'organisations/get-2xx-organisation-organisation', method: 'GET', path: '/v1/organisations/org-1', start: 121, end: 124 },
      { check: 'chaos-settings/updating-chaos-settings-200', method: 'PUT', path: '/v1/mock-apis/a1b2c3d4/chaos', start: 110, end: 130 },
      { check: 'organisations/get-2xx-organisation-organisation', method: 'GET', path: '/v1/organisations/org-1', start: 140, end: 150 },
    ];
    expect(overlaps(sent, alone)).toEqual([
      'GET /v1/organisations/org-1 by organisations/get-2xx-organisation-organisation was under way while organisations/update-changes-name-answer-later-get ran alone there (21 ms into it)',
    ]);
  });

  test('--list says which checks run alone on their fixture', async () => {
    const entries = await catalogue();
    const entry = (id: string) => entries.find((e) => e.id === id)!;
    expect(entry('organisations/update-changes-name-answer-later-get').lane).toEqual({ resource: 'organisation', alone: true });
    expect(entry('data-sources/name-number-rejected').lane).toEqual({ resource: 'data source', alone: false });
    expect(entry('teams/removing-member-team-succeeds').lane).toEqual({ resource: 'team member', alone: true });
    expect(entry('identifiers/getLoggedRequest/mock-api-id-of-4-characters-rejected').lane).toBeUndefined();
  });
});

describe('one back-off for the whole run', () => {
  test('a 429 with Retry-After holds every request of the run as asked, and the report says for how long', async () => {
    const tooMany = 60;
    let limitedAt = 0;
    recorder = await startRecorder(deployment.baseUrl, keys(), {
      answer: (i) => {
        if (i !== tooMany) return undefined;
        limitedAt = Date.now();
        return { status: 429, headers: { 'retry-after': '1', 'content-type': 'text/plain' }, body: 'slow down' };
      },
    });
    const r = await runner.run(['--runs', '5', '--concurrency', '8'], { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    // the requests already on their way when the 429 was read may arrive after it, however late a busy machine
    // makes them: about a window of them (--concurrency 8); nothing more before the second is up, where a run that
    // held nothing sends dozens
    const during = recorder.arrivals().filter((at) => at > limitedAt && at < limitedAt + 900);
    expect(during.length).toBeLessThanOrEqual(8);
    // held as long as the one 429 asked, and no longer: the report's figure is the hold asked for, not a measurement
    expect(r.report!.summary.heldBackMs).toBeGreaterThanOrEqual(900);
    expect(r.report!.summary.heldBackMs).toBeLessThanOrEqual(1000);
    expect(r.stdout).toMatch(/held back 1\.\d s by the deployment/);
  });

  test('a maintenance window mid-run (503, a web page, Retry-After: 1, for 1.5 s) is waited out: no check fails, exit 0', async () => {
    const opensAt = 60;
    const window = { from: Number.POSITIVE_INFINITY, answered: 0 };
    recorder = await startRecorder(deployment.baseUrl, keys(), {
      answer: (i) => {
        if (i === opensAt) window.from = Date.now();
        if (i < opensAt || Date.now() - window.from >= 1500) return undefined;
        window.answered++;
        return { status: 503, headers: { 'retry-after': '1', 'content-type': 'text/html' }, body: '<html><body>Down for maintenance</body></html>' };
      },
    });
    const r = await runner.run(['--runs', '5', '--concurrency', '8'], { ...runEnvironment(deployment), MOCKAPI_BASE_URL: recorder.baseUrl });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.report!.summary).toMatchObject({ failed: 0, errored: 0 });
    // the window was met mid-run, and the run held back for it (a second at least; two when the requests sent again
    // a second later met it too)
    expect(window.answered).toBeGreaterThan(0);
    expect(r.report!.summary.heldBackMs).toBeGreaterThanOrEqual(900);
  });
});
