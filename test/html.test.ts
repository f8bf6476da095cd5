// The HTML report in a real browser: headless Chromium (Debian's package; .ci/run installs it when missing)
// opens the page from a run against a faulty reference, with no request but the page itself; a click on a
// failed cell shows its checks with statement, expected, actual, request, response and curl; the filters hide
// what they should. The screenshot of a failing run in the README is made here: set MOCKAPI_SCREENSHOT to the
// file to write (docs/html-report.png); otherwise it goes to the temporary directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runCli } from './support/cli.ts';

/** Chromium as Debian installs it, or CHROMIUM_PATH; without one this test fails, saying how to get it. */
function chromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      // not this one
    }
  }
  throw new Error('no Chromium: install it (apt-get install -y chromium) or set CHROMIUM_PATH');
}

const SCREENSHOT = process.env.MOCKAPI_SCREENSHOT ?? join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-screenshot-')), 'html-report.png');
let browser: Browser;
let page: Page;
const requested: string[] = [];
let html = '';

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-html-')), 'report.html');
  const r = await runCli(['--report-html', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201' });
  expect(r.code, r.stderr).toBe(1);
  html = readFileSync(file, 'utf8');
  browser = await puppeteer.launch({ executablePath: chromium(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.on('request', (request) => requested.push(request.url()));
  await page.setViewport({ width: 1600, height: 1000 });
  await page.goto(`file://${file}`, { waitUntil: 'load' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

test('the page is one file that asks for nothing but itself', () => {
  expect(requested).toHaveLength(1);
  expect(requested[0]).toMatch(/^file:\/\//);
  expect(html).not.toMatch(/<(?:script|link|img)[^>]+(?:src|href)=/);
});

test('a failed cell opens its checks with statement, expected, actual, request, response and curl', async () => {
  const failed = await page.$$('td.cell.failed');
  expect(failed.length).toBeGreaterThan(0);
  await page.click('td.cell.failed[data-requirement="CHAOS-STATUS"][data-operation="updateChaosSettings"]');
  const details = await page.$eval('#details', (el) => (el as HTMLElement).innerText);
  expect(details).toContain('CHAOS-STATUS on updateChaosSettings');
  expect(details).toContain('Endpoints > Update chaos settings: "Success is 200."');
  expect(details).toContain('expected: status 200');
  expect(details).toContain('actual:   status 201');
  expect(details).toMatch(/request: PUT http:\/\/127\.0\.0\.1:\d+\/v1\/mock-apis\/a1b2c3d4\/settings\/chaos/);
  expect(details).toContain('response: 201');
  expect(details).toContain('curl -sS -i -X PUT');
  await page.screenshot({ path: SCREENSHOT as `${string}.png` });
  expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe('PNG');
});

test('the filters hide outcomes and levels', async () => {
  const visibleRows = () => page.$$eval('#matrix tr[data-level]', (rows) => rows.filter((r) => !r.classList.contains('hidden')).length);
  const all = await visibleRows();
  await page.click('input[name=outcome][value=passed]');
  // without passed: only cells that hold another outcome stay, and only the rows that have one
  expect(await visibleRows()).toBeLessThan(all);
  const shown = await page.$$eval('#matrix tr[data-level]:not(.hidden) td.cell', (cells) => cells.filter((c) => (c as HTMLElement).style.visibility !== 'hidden').map((c) => c.getAttribute('data-outcomes')));
  expect(shown.length).toBeGreaterThan(0);
  for (const outcomes of shown) expect(outcomes!.split(' ').some((o) => o !== 'passed')).toBe(true);
  await page.click('input[name=outcome][value=passed]');
  expect(await visibleRows()).toBe(all);
  await page.click('input[name=level][value=must]');
  const shouldOnly = await page.$$eval('#matrix tr[data-level]', (rows) => rows.filter((r) => !r.classList.contains('hidden')).map((r) => r.getAttribute('data-level')));
  expect(new Set(shouldOnly)).toEqual(new Set(['should']));
  expect(shouldOnly.length).toBeLessThan(all);
});
