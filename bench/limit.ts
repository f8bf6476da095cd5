// The limit: a plain undici client with keep-alive sends a recorded mix (bench/mix.ts) to a deployment,
// `concurrency` requests in flight, and reads every answer whole; nothing else (no validation, no
// evidence, no runner). Run as its own process by bench/main.ts, so that it is measured like the suite:
//   node --import tsx bench/limit.ts MIX_FILE CONCURRENCY PASSES [WARM_UP_PASSES, default 1]
// with MOCKAPI_BASE_URL, MOCKAPI_TOKEN and MOCKAPI_FORBIDDEN_TOKEN set. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { withKeys, type RecordedRequest } from './mix.ts';

export interface LimitResult {
  /** requests answered in the measured passes */
  requests: number;
  /** requests that got no HTTP answer */
  unanswered: number;
  wallMs: number;
}

async function replay(mix: RecordedRequest[], baseUrl: string, agent: Agent, concurrency: number): Promise<{ answered: number; unanswered: number }> {
  let next = 0;
  let answered = 0;
  let unanswered = 0;
  const loop = async () => {
    for (let i = next++; i < mix.length; i = next++) {
      const r = mix[i]!;
      try {
        const answer = await request(baseUrl + r.path, {
          method: r.method as 'GET',
          headers: r.headers,
          body: r.body === undefined ? undefined : Buffer.from(r.body, 'base64'),
          dispatcher: agent,
        });
        await answer.body.arrayBuffer();
        answered++;
      } catch {
        unanswered++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { answered, unanswered };
}

async function main(): Promise<void> {
  const [mixFile, concurrencyText, passesText, warmUpText = '1'] = process.argv.slice(2);
  const baseUrl = process.env.MOCKAPI_BASE_URL;
  const keys = { token: process.env.MOCKAPI_TOKEN ?? '', forbiddenToken: process.env.MOCKAPI_FORBIDDEN_TOKEN ?? '' };
  if (!mixFile || !baseUrl) throw new Error('usage: limit.ts MIX_FILE CONCURRENCY PASSES, with MOCKAPI_BASE_URL and the keys set');
  const recorded = JSON.parse(readFileSync(mixFile, 'utf8')) as RecordedRequest[];
  const mix = recorded.map((r) => ({ ...r, headers: withKeys(r.headers, keys) }));
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: Number(concurrencyText) });
  // passes unmeasured: connections opened and code compiled, as in a suite that is under way
  for (let pass = 0; pass < Number(warmUpText); pass++) await replay(mix, baseUrl, agent, Number(concurrencyText));
  const started = performance.now();
  let requests = 0;
  let unanswered = 0;
  for (let pass = 0; pass < Number(passesText); pass++) {
    const done = await replay(mix, baseUrl, agent, Number(concurrencyText));
    requests += done.answered;
    unanswered += done.unanswered;
  }
  const result: LimitResult = { requests, unanswered, wallMs: performance.now() - started };
  await agent.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
