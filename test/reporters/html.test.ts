// The HTML report in a real browser: headless Chromium (Debian's package; .ci/run installs it when missing)
// opens the page from a run against a faulty reference, with no request but the page itself; the verdict at the
// top; the causes first (a requirement broken with one answer), their failing checks linked to their cells; the areas table before the
// matrix; a failing check under the requirement it broke, any other under the one it cites; a cell counts its failures and its headers stay in view; a
// click (or Enter) on a failed cell shows its checks, failed first, with statement, expected, actual, request,
// response (JSON indented) and a curl line its button copies; the filters hide what they should. The screenshot of a failing run in the README is made here: set MOCKAPI_SCREENSHOT to the
// file to write (docs/html-report.png); otherwise it goes to the temporary directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useRunners } from '../support/runners.ts';

// runs through a long-lived runner (test/support/runners.ts), one at a time
const runner = useRunners(1);

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
  // every success of an update of the chaos settings answered 201, and percentages above 100 taken: two requirements
  // broken, one of them in some of its checks only (a cell with failed and passed checks)
  const r = await runner.run(['--report-html', file], { MOCKAPI_REFERENCE_FAULTS: 'chaos-status-201,chaos-percentage-above-100-accepted' });
  expect(r.code, r.stderr).toBe(1);
  html = readFileSync(file, 'utf8');
  browser = await puppeteer.launch({ executablePath: chromium(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.on('request', (request) => requested.push(request.url()));
  await page.setViewport({ width: 1600, height: 1000 });
  await page.goto(`file://${file}`, { waitUntil: 'load' });
});

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
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, laid out, is what is asserted
  const details = await page.$eval('#details', (el) => (el as HTMLElement).innerText);
  expect(details).toContain('CHAOS-STATUS on updateChaosSettings');
  expect(details).toContain('Endpoints > Update chaos settings: "Success is 200."');
  expect(details).toContain('expected: status 200');
  expect(details).toContain('actual:   status 201');
  expect(details).toMatch(/request: PUT http:\/\/127\.0\.0\.1:\d+\/v1\/mock-apis\/a1b2c3d4\/settings\/chaos/);
  expect(details).toContain('response: 201');
  expect(details).toContain('curl -sS -i -X PUT');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: SCREENSHOT as `${string}.png` });
  if (process.env.MOCKAPI_SCREENSHOT_TOP)
    await page.screenshot({ path: process.env.MOCKAPI_SCREENSHOT_TOP as `${string}.png`, fullPage: false, clip: { x: 0, y: 0, width: 1600, height: 700 } });
  expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe('PNG');
});

test('the verdict stands at the top: the word, the target, the date, the version, the counts, the baseline', async () => {
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, laid out, is what is asserted
  const banner = await page.$eval('section.verdict', (el) => ({ text: (el as HTMLElement).innerText, cls: el.className }));
  expect(banner.cls).toBe('verdict failed');
  expect(banner.text).toMatch(/^FAILED \d+ failed, \d+ warned, \d+ errored, \d+ passed, \d+ skipped: 100% of \d+ checks judged, 0% skipped/);
  expect(banner.text).toMatch(
    /http:\/\/127\.0\.0\.1:\d+ \(embedded reference deployment\) · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC · mockapi-conformance \d+\.\d+\.\d+\S* · No baseline\./,
  );
});

test('the page opens with the causes, most checks first, each listing its failing checks as links that open their cells', async () => {
  const groups = await page.$$eval('#attention > li.requirement', (lis) =>
    lis.map((li) => ({
      requirement: li.getAttribute('data-requirement'),
      said: li.querySelector('summary strong')!.textContent,
      cause: li.querySelector('summary .cause')?.textContent,
      hrefs: [...li.querySelectorAll('li.broken-check a')].map((a) => a.getAttribute('href')),
    })),
  );
  // a requirement broken with one answer is one cause, however many checks saw it, whatever requirement they cite:
  // the 201 of every chaos update, then the percentages above 100 taken, then a check that saw the status alone
  expect(groups.map((g) => [g.requirement, g.cause])).toEqual([
    ['CHAOS-STATUS', 'actual 201 (application/json); expected status 200'],
    ['CHAOS-PERCENTAGE-LIMIT', expect.stringMatching(/^actual 201 \(application\/json\); expected above-limit at \/chaos\/percentageFailures/)],
    ['CHAOS-STATUS', 'actual status 201; expected status 200'],
  ]);
  expect(groups[0]!.said).toBe(`CHAOS-STATUS: ${groups[0]!.hrefs.length} checks on updateChaosSettings`);
  expect(groups[0]!.hrefs.length).toBeGreaterThan(groups[1]!.hrefs.length);
  for (const href of groups.flatMap((g) => g.hrefs)) expect(await page.$(`td.cell[id="${href!.slice(1)}"]`)).not.toBeNull();
  // the areas table stands before the matrix, with the share each area judged
  expect(await page.evaluate(() => document.getElementById('areas')!.compareDocumentPosition(document.getElementById('matrix')!) & 4)).toBe(4);
  expect(await page.$$eval('#areas tr:first-child th', (ths) => ths.map((th) => th.textContent).at(-1))).toBe('judged');
  // by keyboard: the requirement is opened, its first check's link focused and followed with Enter; the cell opens and the details take the focus
  await page.evaluate(() => {
    // from a page where no cell is open yet and the address names none
    for (const cell of document.querySelectorAll('td.selected')) cell.classList.remove('selected');
    history.replaceState(null, '', location.pathname);
  });
  await page.click('#attention > li.requirement summary');
  await page.focus('#attention li.broken-check a');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('td.selected') !== null && document.activeElement?.id === 'details');
  expect(await page.$eval('td.selected', (el) => `#${el.id}`)).toBe(groups[0]!.hrefs[0]);
});

test("a cell counts its failures, not its checks, and opens on its failed checks before its passed ones; the matrix's headers stay in view", async () => {
  const cells = await page.$$eval('td.cell', (tds) => tds.map((td) => ({ text: td.textContent, label: td.getAttribute('aria-label')! })));
  for (const { text, label } of cells) {
    const [failures] = /^\d+/.exec(label)!;
    expect(text).toBe(failures === '0' ? '' : failures);
  }
  const mixed = await page.$$eval('td.cell.failed', (tds) => tds.filter((td) => td.getAttribute('data-outcomes')!.includes('passed')).map((td) => td.id));
  expect(mixed.length).toBeGreaterThan(0);
  await page.$eval(`td[id="${mixed[0]}"]`, (td) => (td as HTMLElement).click());
  const outcomes = await page.$$eval('#details .check .outcome', (spans) => spans.map((s) => s.textContent));
  expect(outcomes[0]).toBe('failed');
  expect(outcomes.lastIndexOf('failed')).toBeLessThan(outcomes.indexOf('passed'));
  const sticky = await page.evaluate(() =>
    ['#matrix tr:first-child th.op', '#matrix th.req'].map((selector) => getComputedStyle(document.querySelector(selector)!).position),
  );
  expect(sticky).toEqual(['sticky', 'sticky']);
});

test('a failing check stands under the requirement it broke, never under the one whose title it bears; any other under the one it cites', async () => {
  const placed = await page.evaluate(() => {
    const report = JSON.parse(document.getElementById('report')!.textContent!) as {
      checks: { id: string; requirement: string; operation: string; violated: string[]; outcome: string }[];
    };
    const failing = (c: { outcome: string; violated: string[] }) => (c.outcome === 'failed' || c.outcome === 'warned') && c.violated.length > 0;
    const cell = (requirement: string, operation: string) => document.getElementById(`cell-${requirement}-${operation}`);
    return {
      misplaced: report.checks.filter((c) => (failing(c) ? c.violated : [c.requirement]).some((r) => !cell(r, c.operation))).map((c) => c.id),
      // the 201 breaks CHAOS-STATUS in checks that cite CHAOS-PERCENTAGE-LIMIT: they colour CHAOS-STATUS's cell
      elsewhere: report.checks
        .filter((c) => c.outcome === 'failed' && !c.violated.includes(c.requirement))
        .map((c) => ({ cited: c.requirement, broken: c.violated.every((r) => cell(r, c.operation)!.classList.contains('failed')) })),
      // and a cell counts the failures of its requirement only, never those of checks that cite it and broke another
      miscounted: [...document.querySelectorAll('td.cell')]
        .map((td) => ({
          id: td.id,
          counted: Number(/^\d+/.exec(td.getAttribute('aria-label')!)![0]),
          broke: report.checks.filter(
            (c) =>
              (c.outcome === 'failed' || c.outcome === 'warned') &&
              (c.violated.length ? c.violated : [c.requirement]).includes(td.getAttribute('data-requirement')!) &&
              c.operation === td.getAttribute('data-operation'),
          ).length,
        }))
        .filter((c) => c.counted !== c.broke),
    };
  });
  expect(placed.misplaced).toEqual([]);
  expect(placed.elsewhere.map((e) => e.cited)).toContain('CHAOS-PERCENTAGE-LIMIT');
  for (const e of placed.elsewhere) expect(e.broken).toBe(true);
  expect(placed.miscounted).toEqual([]);
});

test('a cell opens by keyboard; JSON bodies are indented; a curl line is copied by its button', async () => {
  await page.focus('td.cell.failed[data-requirement="CHAOS-STATUS"][data-operation="updateChaosSettings"]');
  await page.keyboard.press('Enter');
  expect(await page.$eval('#details h2', (el) => el.textContent)).toBe('CHAOS-STATUS on updateChaosSettings');
  const request = await page.$eval('#details pre.request', (el) => el.textContent!);
  expect(request).toMatch(/\n\{\n {2}"chaos": \{\n {4}"enabled": /);
  await page.evaluate(() => {
    (window as unknown as { copied: string[] }).copied = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (window as unknown as { copied: string[] }).copied.push(text) },
    });
  });
  await page.focus('#details button.copy');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#details button.copy')!.textContent === 'Copied');
  const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied);
  expect(copied).toEqual([await page.$eval('#details pre.curl', (el) => el.textContent)]);
  expect(copied[0]).toMatch(/^curl -sS -i -X PUT /);
});

test('the filters hide outcomes and levels', async () => {
  const visibleRows = () => page.$$eval('#matrix tr[data-level]', (rows) => rows.filter((r) => !r.classList.contains('hidden')).length);
  const all = await visibleRows();
  await page.click('input[name=outcome][value=passed]');
  // without passed: only cells that hold another outcome stay, and only the rows that have one
  expect(await visibleRows()).toBeLessThan(all);
  const shown = await page.$$eval('#matrix tr[data-level]:not(.hidden) td.cell', (cells) =>
    cells.filter((c) => (c as HTMLElement).style.visibility !== 'hidden').map((c) => c.getAttribute('data-outcomes')),
  );
  expect(shown.length).toBeGreaterThan(0);
  for (const outcomes of shown) expect(outcomes!.split(' ').some((o) => o !== 'passed')).toBe(true);
  await page.click('input[name=outcome][value=passed]');
  expect(await visibleRows()).toBe(all);
  await page.click('input[name=level][value=must]');
  const shouldOnly = await page.$$eval('#matrix tr[data-level]', (rows) =>
    rows.filter((r) => !r.classList.contains('hidden')).map((r) => r.getAttribute('data-level')),
  );
  expect(new Set(shouldOnly)).toEqual(new Set(['should']));
  expect(shouldOnly.length).toBeLessThan(all);
});

test('the page shows text by the one rule (contract/untrusted.ts): C1, bidirectional and invisible characters escaped, a tag character as one', async () => {
  const shown = await page.evaluate("el('span', {}, 'X\\x9b\\u202e\\u200b\\u3164\\xad\\u{e0041} \\u26a0\\ufe0f \\ud83d\\ude00').textContent");
  expect(shown).toBe('X\\x9b\\u202e\\u200b\\u3164\\xad\\u{e0041} \u26a0\ufe0f \ud83d\ude00');
});
