// `npx tsx bench/big-answers.ts [--mib N]`: the peak memory of a whole run against a deployment that answers
// every request with a body of N MiB (default 100), streamed. A run reads a body up to its cap (8 MiB) and
// drops the connection; what it holds must stay bounded (docs/untrusted.md: at most 400 MB). Prints one line
// and the JSON of the measurement; measured like every run of the benchmark (bench/measure.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PACKAGE_ROOT } from '../src/run/run.ts';
import { CI_SEED } from '../src/run/target.ts';
import { cleanEnvironment, measure } from './measure.ts';

const BIN = join(PACKAGE_ROOT, 'bin', 'mockapi-conformance.js');

/** A deployment whose every answer is `mib` MiB of JSON-looking bytes, sent as the reader takes them. */
async function startBigAnswers(mib: number): Promise<{ baseUrl: string; answers(): number; close(): Promise<void> }> {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const total = mib * 1024 * 1024;
  let answers = 0;
  const server = createServer((req, res) => {
    answers++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(total) });
    let sent = 0;
    const pump = () => {
      while (sent < total && !res.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    answers: () => answers,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const { values } = parseArgs({ args: process.argv.slice(2), options: { mib: { type: 'string' } } });
const mib = Number(values.mib ?? 100);
const deployment = await startBigAnswers(mib);
const work = mkdtempSync(join(tmpdir(), 'mockapi-bench-big-'));
try {
  const fixtures = {
    MOCKAPI_MOCK_API_ID: 'a1b2c3d4',
    MOCKAPI_ORGANISATION_ID: 'org-1',
    MOCKAPI_DATA_SOURCE_ID: 'ds-1',
    MOCKAPI_TEAM_ID: 'team-1',
    MOCKAPI_REQUEST_ID: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  };
  const run = await measure(
    [
      BIN,
      '--base-url',
      deployment.baseUrl,
      '--token',
      'bench-key-0123456789',
      '--seed',
      String(CI_SEED),
      '--runs',
      '5',
      '--report-json',
      join(work, 'report.json'),
    ],
    {
      cwd: work,
      env: cleanEnvironment(fixtures),
    },
  );
  const result = {
    answerMiB: mib,
    answers: deployment.answers(),
    exitCode: run.exitCode,
    wallMs: Math.round(run.wallMs),
    peakMiB: run.peakKiB === undefined ? undefined : Math.round(run.peakKiB / 1024),
  };
  process.stdout.write(
    `a run against ${mib} MiB answers: peak ${result.peakMiB} MiB resident, ${result.answers} answers, ${(result.wallMs / 1000).toFixed(1)} s, exit ${result.exitCode}\n${JSON.stringify(result)}\n`,
  );
} finally {
  await deployment.close();
  rmSync(work, { recursive: true, force: true });
}
