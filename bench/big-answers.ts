// Row (e) of the benchmark: the peak memory of a whole run against a deployment that answers every request
// with a body of 100 MiB (--answer-mib), sent as the reader takes them, once with its length declared (Content-Length) and
// once streamed without one (chunked, as a CDN sends what it compresses). A run reads a body up to its cap
// (8 MiB; a declared length past it, only the start evidence keeps) and drops the connection: what it holds
// must stay bounded (docs/untrusted.md: at most 400 MB). Row (f): the same against answers just under the cap,
// one string or one object of keys, which are read whole and judged past a parse budget.
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CI_SEED } from '../src/run/open-target.ts';
import { cleanEnvironment, measure } from './measure.ts';
import type { Sample } from './results.ts';

/** the size of every answer, unless --answer-mib says another: what the target of docs/untrusted.md names */
export const BIG_ANSWER_MIB = 100;

/** A deployment on loopback that answers every request with `answer`, counting them. */
async function startAnswering(answer: (res: ServerResponse) => void): Promise<Deployment> {
  let answers = 0;
  const server = createServer((req, res) => {
    answers++;
    req.resume();
    answer(res);
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

interface Deployment {
  baseUrl: string;
  answers(): number;
  close(): Promise<void>;
}

/** A deployment whose every answer is `mib` MiB of JSON-looking bytes (spaces), length declared or not. */
function startBigAnswers(mib: number, declared: boolean): Promise<Deployment> {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const total = Math.round(mib * 1024 * 1024);
  return startAnswering((res) => {
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
}

/** The shapes of row (f): one string, or one object of as many keys as fit, each answer 8 MiB less 4 KiB. */
export type UnderCapShape = 'string' | 'keys';

/** A body of `shape` just under the 8 MiB cap: past the parse budgets of src/http/json-budget.ts, as a hostile answer is. */
function underCapBody(shape: UnderCapShape): Buffer {
  const size = 8 * 1024 * 1024 - 4096;
  if (shape === 'string') return Buffer.from(JSON.stringify({ id: 'x'.repeat(size - 10) }));
  const members: string[] = [];
  for (let i = 0, length = 2; length + 12 < size; i++) {
    members.push(`"${i.toString(36)}":0`);
    length += members[i]!.length + 1;
  }
  return Buffer.from(`{${members.join(',')}}`);
}

/** One measured run of row (f): the command against a deployment whose every answer is `shape`, just under the cap. */
export async function underCapRun(work: string, command: string, shape: UnderCapShape): Promise<Sample> {
  const body = underCapBody(shape);
  const deployment = await startAnswering((res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.end(body);
  });
  return measuredAgainst(work, command, deployment, `answers of ${shape} just under the cap`);
}

/**
 * One measured run of the command (`command`: its compiled cli.js; default settings for a deployment given by
 * URL) against such a deployment.
 */
export async function bigAnswersRun(work: string, command: string, declared: boolean, mib: number): Promise<Sample> {
  return measuredAgainst(work, command, await startBigAnswers(mib, declared), `${mib} MiB answers`);
}

/** A run at defaults against a deployment that fails every check; closed after it. */
async function measuredAgainst(work: string, command: string, deployment: Deployment, what: string): Promise<Sample> {
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
      throw new Error(`a run against ${what} exited ${run.exitCode}, not 1:\n${run.stdout.slice(-2000)}${run.stderr.slice(-2000)}`);
    }
    return { wallMs: run.wallMs, requests: deployment.answers(), peakKiB: run.peakKiB };
  } finally {
    await deployment.close();
  }
}
