// The lines a run prints of its own that quote a deployment's or a file's bytes: the preflight's, the put-back's,
// the errors from the baseline, the state file, the config file and .env. Each goes through the one escaping rule
// (contract/untrusted.ts): no control, bidirectional or invisible character reaches the terminal raw, and a line
// end in what is quoted starts no line of its own.
import { createServer } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { answerOf, type Client, type Exchange } from '../../src/http/client.ts';
import { runCommand } from '../../src/cli/main.ts';
import { BaselineError, readBaseline } from '../../src/run/baseline.ts';
import { readDeletions, recordDeletion } from '../../src/run/deletions.ts';
import { organisationGuard } from '../../src/run/guard.ts';
import { preflight } from '../../src/run/preflight.ts';
import type { Target } from '../../src/harness/check.ts';
import { htmlFormat } from '../../reporters/html.ts';
import { jsonFormat } from '../../reporters/json.ts';
import { junitFormat } from '../../reporters/junit.ts';
import { markdownFormat } from '../../reporters/markdown.ts';
import type { ConformanceReport } from '../../contract/report.ts';
import { RAW_SHOWN_ESCAPED } from '../support/invisible.ts';
import { runCli } from '../support/cli.ts';

/** What a hostile deployment or file puts where a line quotes it: a one-byte CSI that fakes a verdict, an OSC 52 write, invisible characters, a workflow command. */
const HOSTILE = '\x9b2K\x9b1G302 passed, 0 failed\x1b]52;c;cHduZWQ=\x07X\u200b\u{e0041}\u3164\xad\r\n::error::forged';

const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-lines-'));

/** A line of ours is one line, and holds no character the rule escapes. */
function expectInertLine(line: string): void {
  expect(line.split('\n'), line).toHaveLength(1);
  expect(RAW_SHOWN_ESCAPED.exec(line)?.[0], line).toBeUndefined();
}

const exchange = (status: number, headers: Record<string, string>, body = ''): Exchange =>
  answerOf(
    { method: 'GET', url: 'http://127.0.0.1:1/v1/organisations/made-up', requestHeaders: {}, requestBody: undefined },
    status,
    headers,
    Buffer.from(body),
    undefined,
    1,
  );

describe('the preflight', () => {
  test('a deployment that is not the interface is named in one inert line: its media type and its Location quoted, escaped (JSON.stringify leaves C1 raw)', async () => {
    const latin1 = Buffer.from(HOSTILE.replace(/[\r\n]/g, ' '), 'utf8').toString('latin1');
    const probe = exchange(302, { 'content-type': `text/html${latin1}`, location: latin1 });
    const client = { send: async () => probe, redactor: { redact: (text: string) => text } } as unknown as Client;
    const result = await preflight(client, { token: 'k', fixtures: {}, profile: 'live', via: 'http://127.0.0.1:1', authOnly: false }, probe);
    expect(result.misconfigured).toContain(
      'does not answer as the interface: GET /v1/organisations/made-up answered 302 "text/html\u00e2\\x9b2k\u00e2\\x9b1g302 passed',
    );
    expect(result.misconfigured).toContain('to "\u00c2\\x9b2K\u00c2\\x9b1G302 passed, 0 failed\\u001b]52');
    expectInertLine(result.misconfigured!);
  });
});

describe('the put-back', () => {
  test("the organisation's name, then and now, in one inert line: a name that would erase the screen is shown escaped", async () => {
    let name = `Example${HOSTILE}`;
    // the organisation, renamed by the run; a rename is ignored, so the line says what it is now and was before
    const server = createServer((req, res) => {
      req.resume();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ organisation: { id: 'org-1', name } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = {
        baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        token: 'k',
        timeoutMs: 5000,
        fixtures: { organisationId: 'org-1' },
        embedded: false,
        readOnly: false,
        profile: 'live',
      } as unknown as Target;
      const guard = (await organisationGuard(target))!;
      name = `Renamed${HOSTILE}`;
      const line = await guard.restore();
      expect(line).toContain(`could not put the organisation's name back: it is "Renamed\\x9b2K\\x9b1G302 passed`);
      expect(line).toContain('X\\u200b\\u{e0041}\\u3164\\xad\\r\\n::error::forged"');
      expectInertLine(line);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('files a checkout holds', () => {
  test('a baseline that is not JSON, or whose ids and dates are hostile: one inert line that says them escaped', () => {
    const file = join(dir, 'baseline.json');
    writeFileSync(file, `\x9b${HOSTILE}`);
    expect(() => readBaseline(file)).toThrow(BaselineError);
    for (const entries of [
      `\x9b${HOSTILE}`,
      JSON.stringify({ entries: [{ id: 'a/b', outcome: 'failed', reason: 'r', expires: HOSTILE }] }),
      JSON.stringify({ entries: [{ id: 'a/b', outcome: 'failed', reason: 'r', [HOSTILE]: 1 }] }),
    ]) {
      writeFileSync(file, entries);
      try {
        readBaseline(file);
        expect.unreachable();
      } catch (error) {
        expectInertLine((error as Error).message);
      }
    }
  });

  test('a state file line whose time is not one a run writes is passed over: a run prints that time as it came', () => {
    const file = join(dir, 'state.jsonl');
    const line = { deployment: 'http://127.0.0.1:1', fixture: 'F', resource: '/v1/data-sources/ds-1', deletedAt: '2026-11-24T10:00:00.000Z', status: 204 };
    writeFileSync(file, `${JSON.stringify(line)}\n${JSON.stringify({ ...line, deletedAt: HOSTILE })}\n`);
    expect(readDeletions(file)).toEqual([line]);
    expect(recordDeletion(join(dir, `no-such${HOSTILE}`, 'state.jsonl'), { ...line, deletedAt: new Date().toISOString() })).toMatch(/^could not record/);
    expectInertLine(recordDeletion(join(dir, `no-such${HOSTILE}`, 'state.jsonl'), line)!);
  });

  test("an error from a config file, a warning of a variable's name: one inert line each", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mockapi-conformance-lines-'));
    writeFileSync(join(cwd, 'mockapi-conformance.config.json'), JSON.stringify({ environments: { s: { concurrency: HOSTILE } } }));
    const errors: string[] = [];
    const io = { write: () => {}, error: (text: string) => errors.push(text), tty: false, env: { MOCKAPI_ENV: 's', 'MOCKAPI_\u200bTOKEN': 'x' }, cwd };
    expect(await runCommand([], io)).toBe(2);
    expect(errors[0]).toBe('mockapi-conformance: warning: MOCKAPI_\\u200bTOKEN is not a setting of mockapi-conformance; did you mean MOCKAPI_TOKEN?\n');
    expect(errors.join('')).toContain('concurrency must be a number, not "\\x9b2K\\x9b1G302 passed');
    for (const line of errors) expectInertLine(line.replace(/\n$/, ''));
  });

  test("a YAML config's unresolved tag: the library's warning, which quotes the file's lines, is one inert line of ours (GITHUB_ACTIONS: no workflow command)", async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mockapi-conformance-lines-'));
    const tagged = `environments:\n  s:\n    runs: 1\n  ::error::forged: !evil x # ${HOSTILE.split('\r')[0]}\n`;
    writeFileSync(join(cwd, 'c.yaml'), tagged);
    const run = await runCli(['--config', 'c.yaml', '--env', 's', '--list'], { GITHUB_ACTIONS: 'true' }, { cwd });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^mockapi-conformance: warning: .*c\.yaml: .*Unresolved tag: !evil/m);
    for (const line of run.stderr.replace(/\n$/, '').split('\n')) expectInertLine(line);
    expect(run.stderr).not.toMatch(/^\s*::/m);
  });
});

describe('the paths of reports', () => {
  test('a report file whose name a config file chose is named in one inert line', () => {
    const report: ConformanceReport = {
      tool: { name: 'mockapi-conformance', version: '0' },
      target: { baseUrl: 'http://127.0.0.1:1', profile: 'live', embedded: false },
      run: { seed: 1, runs: 1, strict: false },
      summary: { passed: 0, failed: 0, warned: 0, errored: 0, skipped: 0, requests: 0, durationMs: 0 },
      checks: [],
      errors: [],
    };
    const name = 'r\x1b]0;pwned\x07\u200b';
    const lines: string[] = [];
    for (const format of [jsonFormat, junitFormat, markdownFormat, htmlFormat]) format(join(dir, name), (text) => lines.push(text)).write(report);
    expect(lines.map((line) => line.replace(/: .*/s, ''))).toEqual(['JSON report', 'JUnit report', 'Markdown summary', 'HTML report']);
    for (const line of lines) {
      expect(line).toContain('r\\x1b]0;pwned\\x07\\u200b\n');
      expectInertLine(line.slice(0, -1));
    }
  });
});
