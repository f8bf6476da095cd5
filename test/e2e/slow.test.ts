// A slow deployment behind an address that looks local (a tunnel to a remote one is 127.0.0.1 too): the run
// sizes itself by the latency it measures, not by the address, holds at 300 ms an answer, and a check that
// runs past its time bound stops sending and puts back what it changed before the next check starts.
import { afterEach, expect, test } from 'vitest';
import { startRecorder, type Recorder } from '../../bench/recorder.ts';
import { runEnvironment } from '../../reference/environment.ts';
import { startReference, type ReferenceDeployment } from '../../reference/server.ts';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

let reference: ReferenceDeployment | undefined;
let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  await reference?.close();
  recorder = reference = undefined;
});

/** The reference deployment behind a proxy that holds each request as long as `delayMs` says. */
async function slowDeployment(delayMs: (index: number) => number): Promise<Record<string, string>> {
  reference = await startReference({ port: 0, faults: [] });
  const { token, forbiddenToken } = reference.fixtures;
  recorder = await startRecorder(reference.baseUrl, { token, forbiddenToken }, { delayMs });
  return { ...runEnvironment(reference), MOCKAPI_BASE_URL: recorder.baseUrl };
}

/** The organisation name a request body carries, if it is JSON that carries one. */
function organisationNameIn(text: string): unknown {
  try {
    return (JSON.parse(text) as { organisation?: { name?: unknown } } | null)?.organisation?.name;
  } catch {
    return undefined;
  }
}

const organisationName = async () => {
  const answer = await fetch(`${reference!.baseUrl}/v1/organisations/${reference!.fixtures.organisationId}`, {
    headers: { Authorization: `Token ${reference!.fixtures.token}` },
  });
  return ((await answer.json()) as { organisation: { name: string } }).organisation.name;
};

test('at 300 ms an answer on 127.0.0.1: few generated payloads, chosen by the latency measured, and no check fails', async () => {
  const env = await slowDeployment(() => 300);
  const r = await runner.run(['--only', '^ORG-'], env);
  expect(r.code, r.stdout).toBe(0);
  expect(r.stdout).toMatch(
    /runs per property, .*\(rerun with --seed \d+ --runs 10 --only '\^ORG-'\); 10 runs for the latency measured before the run, \d{3,}\.\d ms \(--runs sets it\)/,
  );
  const checks = r.report!.checks;
  expect(checks.filter((c) => c.outcome !== 'passed')).toEqual([]);
  expect(checks.map((c) => c.title)).toContain('ORG-RENAME generated names are taken: the answer and a later get show them');
  expect(await organisationName()).toBe('Example Ltd');
});

test('a check past its time bound stops sending before the next check starts, and the name it changed is put back', async () => {
  // Quick for the three requests of the probe and the preflight's two reads (the organisation, the logged request;
  // all five measure the latency), then 1.5 s an answer for the next four (the rename check's first input: get the name, rename, get
  // it again, and the put-back), quick again after: the deployment slows down under the rename check, which
  // passes its bound of 4 s in the middle of its third request.
  const env = await slowDeployment((index) => (index >= 5 && index < 9 ? 1500 : 20));
  const r = await runner.run(
    ['--only', '^ORG-RENAME generated|^ORG-TYPES generated', '--runs', '50', '--check-timeout-ms', '4000', '--timeout-ms', '5000'],
    env,
  );
  const checks = r.report!.checks;
  const stopped = checks.find((c) => c.title.startsWith('ORG-RENAME generated'))!;
  expect(stopped.outcome).toBe('errored');
  expect(stopped.message).toContain('the check ran past its time bound of 4.0 s (--check-timeout-ms) and stopped sending; what it changed was put back');
  // the next check finds the name as it was, so it judges the deployment, not the stopped check's leftovers
  const next = checks.find((c) => c.title.startsWith('ORG-TYPES generated'))!;
  expect(next.outcome, next.message).toBe('passed');
  // every rename the stopped check sent reached the deployment before it ended, and before the next check began
  const ended = Date.parse(stopped.startedAt!) + stopped.durationMs;
  expect(Date.parse(next.startedAt!)).toBeGreaterThanOrEqual(ended - 5);
  const mix = recorder!.mix();
  const arrivals = recorder!.arrivals();
  const renames = mix
    .map((request, i) => ({ request, at: arrivals[i]! }))
    .filter(({ request }) => request.method === 'PUT' && request.body !== undefined)
    .map(({ request, at }) => ({ name: organisationNameIn(Buffer.from(request.body!, 'base64').toString('utf8')), at }))
    .filter(({ name }) => typeof name === 'string' && name !== 'Example Ltd');
  expect(renames.length).toBeGreaterThan(0);
  for (const { name, at } of renames) expect({ name, beforeTheEnd: at <= ended }).toEqual({ name, beforeTheEnd: true });
  expect(await organisationName()).toBe('Example Ltd');
});
