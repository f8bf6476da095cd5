// Row (e) of the benchmark: the peak memory of a whole run against a deployment that answers every request
// with a body of 100 MiB (--answer-mib), sent as the reader takes them, once with its length declared (Content-Length) and
// once streamed without one (chunked, as a CDN sends what it compresses). A run reads a body up to its cap
// (8 MiB; a declared length past it, only the start evidence keeps) and drops the connection: what it holds
// must stay bounded (docs/untrusted.md: at most 400 MB).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { CI_SEED } from '../src/run/target.ts';
import { cleanEnvironment, measure } from './measure.ts';
import type { Sample } from './results.ts';

/** the size of every answer, unless --answer-mib says another: what the target of docs/untrusted.md names */
export const BIG_ANSWER_MIB = 100;

/** A deployment whose every answer is `mib` MiB of JSON-looking bytes (spaces), length declared or not. */
async function startBigAnswers(mib: number, declared: boolean): Promise<{ baseUrl: string; answers(): number; close(): Promise<void> }> {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const total = mib * 1024 * 1024;
  let answers = 0;
  const server = createServer((req, res) => {
    answers++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(total) } : {}) });
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

/**
 * One measured run of the command (`command`: its compiled cli.js; default settings for a deployment given by
 * URL) against such a deployment.
 */
export async function bigAnswersRun(work: string, command: string, declared: boolean, mib: number): Promise<Sample> {
  const deployment = await startBigAnswers(mib, declared);
  try {
    // fixtures a deployment of nothing but big answers cannot refuse: the checks read them and judge the bodies
    const fixtures = {
      MOCKAPI_BASE_URL: deployment.baseUrl,
      MOCKAPI_TOKEN: 'bench-key-0123456789',
      MOCKAPI_MOCK_API_ID: 'a1b2c3d4',
      MOCKAPI_ORGANISATION_ID: 'org-1',
      MOCKAPI_DATA_SOURCE_ID: 'ds-1',
      MOCKAPI_TEAM_ID: 'team-1',
      MOCKAPI_REQUEST_ID: '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    };
    const run = await measure([command, '--seed', String(CI_SEED), '--runs', '5', '--report-json', join(work, 'big-answers.json')], {
      cwd: work,
      env: cleanEnvironment(fixtures),
    });
    // the deployment fails its checks (exit 1); anything else is the run breaking, which the row must not hide
    if (run.exitCode !== 1) {
      throw new Error(`a run against ${mib} MiB answers exited ${run.exitCode}, not 1:\n${run.stdout.slice(-2000)}${run.stderr.slice(-2000)}`);
    }
    return { wallMs: run.wallMs, requests: deployment.answers(), peakKiB: run.peakKiB };
  } finally {
    await deployment.close();
  }
}
