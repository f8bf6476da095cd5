import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEnvironment } from './reference/environment.ts';
import { startReference } from './reference/server.ts';
import { startRecorder } from './bench/recorder.ts';
import { cleanEnvironment, measure } from './bench/measure.ts';
const work = mkdtempSync(join(tmpdir(), 'fast-ab-'));
const rounds = Number(process.argv[2] ?? 3);
const variants: Record<string, string[]> = { adaptive: [], fixed4: ['--concurrency', '4'] };
for (let round = 0; round < rounds; round++) {
  for (const [name, extra] of Object.entries(variants)) {
    const d = await startReference({ port: 0 });
    const rec = await startRecorder(d.baseUrl, { token: d.fixtures.token, forbiddenToken: d.fixtures.forbiddenToken }, { delayMs: () => 50 });
    const file = join(work, 'r.json');
    rmSync(file, { force: true });
    const run = await measure(['bin/mockapi-conformance.js', '--seed', '20261121', '--runs', '20', ...extra, '--report-json', file], { cwd: process.cwd(), env: cleanEnvironment({ ...runEnvironment(d), MOCKAPI_BASE_URL: rec.baseUrl }) });
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const chain = Math.max(...Object.values(r.summary.chains as Record<string, number>));
    console.log(name.padEnd(9), `exit ${run.exitCode}`, `wall ${(run.wallMs / 1000).toFixed(2)} s`, `peak ${Math.round((run.peakKiB ?? 0) / 1024)} MiB`, `requests ${r.summary.requests}`, `maxInFlight ${rec.maxInFlight()}`, `window ${JSON.stringify(r.summary.window ?? null)}`, `chain ${chain} (${(chain * 50 / 1000).toFixed(2)} s)`, `passed ${r.summary.passed} failed ${r.summary.failed}`);
    await rec.close();
    await d.close();
  }
}
rmSync(work, { recursive: true, force: true });
