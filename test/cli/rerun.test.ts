// The rerun line reruns: a run prints the seed, the runs per property (chosen by the latency it measured) and
// what else decides which requests it sends, as flags; a second run given them sends the same requests to the
// same deployment, as the two runs' own traffic (--report-har) shows; its curl lines expand the variable the key is
// in. Runs of the compiled command.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startReference } from '../../reference/server.ts';
import { emptyDirectory } from '../support/cli.ts';
import { curlRecorder } from '../support/curl.ts';
import { useRunners } from '../support/runners.ts';

const runner = useRunners(1);

/** The generated checks and the sequences: what the seed, the runs and the requests in flight decide. */
const ONLY = ['--only', '(generated|sequences)'];

/** The words of a line as a POSIX shell reads them: single quotes, and the '\'' a quoted quote is written as. */
const words = (line: string): string[] => [...line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] ?? m[2]!).replace(/'\\''/g, "'"));

/**
 * The requests of a HAR file, sorted, as the deployment received them: method, path and body. The ids a run makes up
 * to name nothing and the suffix of a rename are the seed's; only UUIDs (of no request the seed decides) are made one.
 */
function requests(file: string): string[] {
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: { request: { method: string; url: string; postData?: { text?: string } } }[] } };
  const chance = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
  return har.log.entries
    .map(({ request: r }) => {
      const url = new URL(r.url);
      return chance(`${r.method} ${url.pathname}${url.search} ${r.postData?.text ?? ''}`);
    })
    .sort();
}

test('a second run with the printed rerun flags sends the same requests as the first', async () => {
  const dir = emptyDirectory();
  // not under CI, where the seed is fixed: the first run draws its own, and chooses its runs by latency
  const first = await runner.run([...ONLY, '--report-har', join(dir, 'first.har')], { CI: '' });
  expect(first.code, first.stderr).toBe(0);
  const printed = /^Generated payloads: seed (\d+), (\d+) runs per property, 8 requests in flight \(rerun with (.+)\); \d+ runs for the latency/m.exec(
    first.stdout,
  );
  expect(printed, first.stdout).not.toBeNull();
  const flags = words(printed![3]!);
  expect(flags).toEqual(['--seed', printed![1], '--runs', printed![2], '--concurrency', '8', '--only', '(generated|sequences)']);
  // every report records them
  expect(first.report!.run).toMatchObject({ seed: Number(printed![1]), runs: Number(printed![2]), concurrency: 8, only: '(generated|sequences)' });

  const second = await runner.run([...flags, '--report-har', join(dir, 'second.har')], { CI: '' });
  expect(second.code, second.stderr).toBe(0);
  const [a, b] = [requests(join(dir, 'first.har')), requests(join(dir, 'second.har'))];
  expect(a.length).toBeGreaterThan(100);
  expect(b).toEqual(a);

  // the comparison notices a difference: another seed sends other payloads
  const other = flags.map((f, i) => (flags[i - 1] === '--seed' ? String(Number(f) + 1) : f));
  await runner.run([...other, '--report-har', join(dir, 'other.har')], { CI: '' });
  expect(requests(join(dir, 'other.har'))).not.toEqual(a);
});

test("curl lines name the variable the key is in: a named environment's key is $MOCKAPI_TOKEN_STAGING, and pasted it sends that key", async () => {
  const reference = await startReference({ port: 0, faults: ['chaos-status-201'] });
  const recorder = curlRecorder({ MOCKAPI_TOKEN_STAGING: reference.fixtures.token });
  try {
    const dir = emptyDirectory();
    const config = {
      environments: { staging: { baseUrl: reference.baseUrl, tokenVariable: 'MOCKAPI_TOKEN_STAGING', fixtures: { mockApiId: reference.fixtures.mockApiId } } },
    };
    writeFileSync(join(dir, 'mockapi-conformance.config.json'), JSON.stringify(config));
    // the config file is the checkout's: your key goes where you give the same base URL
    const env = { MOCKAPI_TOKEN_STAGING: reference.fixtures.token, MOCKAPI_BASE_URL: reference.baseUrl };
    const red = await runner.run(['--env', 'staging', '--only', '^CHAOS-STATUS'], env, { cwd: dir });
    expect(red.code, red.stderr).toBe(1);
    const failed = red.report!.checks.find((c) => c.outcome === 'failed')!;
    const curl = failed.evidence[0]!.curl;
    expect(curl).toContain('"Authorization: Token $MOCKAPI_TOKEN_STAGING"');
    const lines = [red.stdout, failed.message].flatMap((t) => t.split('\n').filter((l) => l.includes('curl -sS')));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).not.toMatch(/\$\{?MOCKAPI_TOKEN(?!_STAGING)\b/);
    expect(recorder.record(curl).args).toContain(`Authorization: Token ${reference.fixtures.token}`);
  } finally {
    recorder.close();
    await reference.close();
  }
});
