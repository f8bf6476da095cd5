// The package as a user gets it: packed (prepack builds dist/), installed into an empty folder without
// devDependencies, and run there through npx: the compiled command, not the sources of this checkout.
//
// There is no network: the install is made from npm's cache alone (--offline), which `npm ci` filled with
// the tarballs of our lockfile. A tarball given to `npm install` without a lockfile makes npm ask the
// registry which versions match each range, and `npm ci` caches no such answer; so the install folder is
// given a lockfile made from ours, of the packages our dependencies need (installPackage below). The
// installed versions are therefore those of our lockfile: what is tested is the package (its files, its
// bin, its dependencies being enough), not npm's resolution of our ranges.
//
// One pack and one install for the whole file (beforeAll); each case runs commands in the install folder. The
// other Node versions the package supports are the registry's runtime packages, which npm fetches once into its
// cache like any tarball (test/support/node-runtimes.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cleanEnvironment } from '../../bench/measure.ts';
import { runEnvironment } from '../../reference/environment.ts';
import { FAULT_NAMES } from '../../reference/faults.ts';
import { startReference } from '../../reference/server.ts';
import { record, writeHar } from '../support/har.ts';
import { nodeRuntime, OTHER_NODES } from '../support/node-runtimes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command with its output piped, in an environment without a developer's MOCKAPI_* or GitHub
 * settings, nor colour settings (what a pipe gets must not depend on them), plus `env`.
 */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  const plain = Object.fromEntries(Object.entries(cleanEnvironment()).filter(([name]) => name !== 'FORCE_COLOR' && name !== 'NO_COLOR'));
  const child = spawn(command, args, { cwd, env: { ...plain, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command and fails with what it said unless it exits 0. */
async function succeed(command: string, args: string[], cwd: string): Promise<Ran> {
  const ran = await run(command, args, cwd);
  if (ran.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${ran.code}: ${ran.stderr.slice(-2000)}`);
  return ran;
}

/** The installed package as its user runs it: `npx mockapi-conformance ARGS` in the install folder. */
const npx = (args: string[], env: Record<string, string> = {}) => run('npx', ['--offline', 'mockapi-conformance', ...args], installed.dir, env);

/** Every file and folder under `dir`, with its size and modification time. */
function snapshot(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const stat = statSync(path);
      found.set(relative(dir, path), `${stat.size} ${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return found;
}

/** What differs between two snapshots: paths added, removed or changed. */
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

const ANSI = /\u001b\[/;

/** Lines of ours that are warnings (a line npm itself writes is not ours). */
const ourWarnings = (text: string) => text.split('\n').filter((line) => line.startsWith('mockapi-conformance: warning:'));

interface LockEntry {
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  peer?: boolean;
  [key: string]: unknown;
}

interface PackageJson {
  name: string;
  version: string;
  license: string;
  engines: Record<string, string>;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}

const OWN = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

/** The peers the package needs installed beside it (vitest): npm installs them unless the folder has them already. */
const REQUIRED_PEERS = Object.keys(OWN.peerDependencies).filter((name) => !OWN.peerDependenciesMeta[name]?.optional);

/**
 * Writes into `dir` a package.json that depends on the tarball and on `extra` packages of our lockfile, and
 * a lockfile of what they need taken from ours (the packages reached by their dependencies, optional
 * dependencies and required peers, where Node would find them); then installs it from npm's cache alone.
 * `project`, a folder of ours with a package.json of its own (test/e2e/vitest-3), makes the folder that
 * project: its dependencies as our lockfile locks them for it, and the package's peers from them. `peers:
 * false` installs none of the package's peers, as npm's --legacy-peer-deps does (and yarn).
 */
async function installPackage(
  dir: string,
  tarball: string,
  integrity: string,
  { extra = [], project = '', peers = true }: { extra?: string[]; project?: string; peers?: boolean } = {},
): Promise<void> {
  const packages = (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  // where Node finds `name` from the package at `from` ('' the root): its own node_modules, then each above
  const find = (from: string, name: string): string | undefined => {
    for (let at = from; ; at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : '') {
      const path = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (packages[path]) return path;
      if (at === '') return undefined;
    }
  };
  const own = {
    ...(project ? packages[project]!.dependencies : {}),
    ...Object.fromEntries(extra.map((name) => [name, packages[`node_modules/${name}`]!.version])),
  };
  const reached = new Set<string>();
  const queue = [
    ...Object.keys(OWN.dependencies).map((name) => find('', name)),
    ...[...(peers ? REQUIRED_PEERS : []), ...Object.keys(own)].map((name) => find(project, name)),
  ];
  while (queue.length > 0) {
    const path = queue.pop();
    if (path === undefined || reached.has(path)) continue;
    reached.add(path);
    const entry = packages[path]!;
    const required = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...required]) queue.push(find(path, name));
  }
  // where a package of ours is in the folder: the project's own node_modules is the folder's
  const placed = (path: string) => (project && path.startsWith(`${project}/`) ? path.slice(project.length + 1) : path);
  const paths = [...reached].sort().map((path) => [path, placed(path)] as const);
  const twice = paths.filter(([, at], i) => paths.findIndex(([, other]) => other === at) !== i);
  if (twice.length > 0) throw new Error(`two packages of our lockfile would be installed at ${twice.map(([, at]) => at).join(', ')}`);
  const spec = `file:${relative(dir, tarball)}`;
  const dependencies = { [OWN.name]: spec, ...own };
  const { name, version, license, engines, bin, peerDependencies, peerDependenciesMeta } = OWN;
  const lock = {
    name: 'installed',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { dependencies },
      [`node_modules/${name}`]: {
        version,
        resolved: spec,
        integrity,
        license,
        dependencies: OWN.dependencies,
        peerDependencies,
        peerDependenciesMeta,
        bin,
        engines,
      },
      ...Object.fromEntries(
        paths.map(([path, at]) => {
          // the flags say how our project needs a package; npm reads them, so they must say how this folder does
          const { dev, devOptional, peer, ...entry } = packages[path]!;
          void dev, void peer;
          return [at, devOptional ? { ...entry, optional: true } : entry];
        }),
      ),
    },
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'installed', private: true, dependencies }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  await succeed('npm', ['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', ...(peers ? [] : ['--legacy-peer-deps'])], dir);
}

/** One test of vitest's JSON report (--reporter json). */
interface JsonTest {
  fullName: string;
  status: string;
  failureMessages: string[];
}

/** The code block of the library's page (docs/library.md) that follows `<!-- example: NAME ...-->`: what a user copies, run as it stands. */
function readmeExample(name: string): string {
  const readme = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
  const at = readme.indexOf(`<!-- example: ${name} `);
  if (at < 0) throw new Error(`docs/library.md has no example ${name}`);
  const start = readme.indexOf('```js\n', at) + '```js\n'.length;
  return readme.slice(start, readme.indexOf('\n```', start) + 1);
}

/** The packed tarball and the folder it is installed in (beforeAll). */
const installed = { dir: '', tarball: '', integrity: '', files: [] as string[] };
const work = mkdtempSync(join(tmpdir(), 'mockapi-conformance-package-'));

// the install is some 50 MB
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  // prepack builds dist/ (tsc -p tsconfig.build.json); --json on stdout, the scripts' output on stderr
  const packed = JSON.parse((await succeed('npm', ['pack', '--json', '--pack-destination', work], ROOT)).stdout) as {
    filename: string;
    integrity: string;
    files: { path: string }[];
  }[];
  installed.tarball = join(work, packed[0]!.filename);
  installed.integrity = packed[0]!.integrity;
  installed.files = packed[0]!.files.map((f) => f.path);
  installed.dir = join(work, 'installed');
  await installPackage(installed.dir, installed.tarball, installed.integrity);
});

describe('the packed and installed package', () => {
  test('the tarball holds the compiled package, the schemas, the catalogue, the spec and the licence; no sources, tests or CI', () => {
    const { files } = installed;
    for (const file of [
      'bin/mockapi-conformance.js',
      'dist/src/cli/cli.js',
      'dist/src/cli/help.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/vitest/conformance-project.js',
      'dist/src/vitest/conformance-project.d.ts',
      'dist/src/vitest/worker-setup.js',
      'schemas/openapi.yaml',
      'schemas/report.json',
      'suites/catalogue.json',
      'spec/interface.md',
      'package.json',
      'README.md',
      'LICENSE',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((f) => f.endsWith('.suite.js')).length).toBeGreaterThan(0);
    const unwanted = files.filter(
      (f) =>
        /^(?:test|bench|\.ci|dist\/test|dist\/bench)\//.test(f) ||
        (/^(?:src|contract|reference|suites|properties|reporters)\//.test(f) && f !== 'suites/catalogue.json') ||
        f.endsWith('.map') ||
        (f.endsWith('.ts') && !f.endsWith('.d.ts')),
    );
    expect(unwanted).toEqual([]);
    // the README and the docs/ it links are the package's pages: every image they show by a relative path ships with them
    const pages = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const images = pages.flatMap((page) =>
      [...readFileSync(join(ROOT, page), 'utf8').matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((src) => !/^[a-z]+:/.test(src))
        .map((src) => join(page, '..', src)),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(files).toContain(image);
  });

  test('Prism is an optional peer of the installed package, of the version the mock profile is written against', () => {
    const pkg = JSON.parse(readFileSync(join(installed.dir, 'node_modules', OWN.name, 'package.json'), 'utf8')) as PackageJson;
    expect(pkg.peerDependencies['@stoplight/prism-cli']).toBe(OWN.devDependencies['@stoplight/prism-cli']);
    expect(pkg.peerDependenciesMeta['@stoplight/prism-cli']).toEqual({ optional: true });
    expect(pkg.dependencies).not.toHaveProperty('tsx');
  });

  test("vitest is a required peer of the installed package: one copy, the project's, which npm installs where the project has none", () => {
    const pkg = JSON.parse(readFileSync(join(installed.dir, 'node_modules', OWN.name, 'package.json'), 'utf8')) as PackageJson;
    expect([pkg.peerDependencies.vitest, pkg.peerDependenciesMeta.vitest, pkg.dependencies.vitest]).toEqual([
      OWN.peerDependencies.vitest,
      undefined,
      undefined,
    ]);
    expect(existsSync(join(installed.dir, 'node_modules', 'vitest', 'package.json'))).toBe(true);
    expect(existsSync(join(installed.dir, 'node_modules', OWN.name, 'node_modules', 'vitest'))).toBe(false);
  });

  test('--list from the installed package says which suite lists each check, in its compiled files (dist/)', async () => {
    const ran = await npx(['--list']);
    expect(ran.code, ran.stderr).toBe(0);
    const locations = ran.stdout
      .split('\n')
      .filter((line) => /^ {2}\S+\.[jt]s$/.test(line))
      .map((line) => line.trim());
    expect(locations.length).toBe(Number(/^(\d+) checks; none was run/m.exec(ran.stdout)?.[1]));
    for (const location of locations) expect(location).toMatch(/^suites\/[\w-]+\.suite\.js$/);
  });

  test('--version and -V print the version; --help and -h the help', async () => {
    for (const flag of ['--version', '-V']) {
      const ran = await npx([flag]);
      expect([ran.code, ran.stdout]).toEqual([0, `${OWN.version}\n`]);
    }
    for (const flag of ['--help', '-h']) {
      const ran = await npx([flag]);
      expect(ran.code).toBe(0);
      expect(ran.stdout).toMatch(/^Usage: mockapi-conformance \[flags\]\n/);
      expect(ran.stdout).toContain('-V, --version');
    }
  });

  test('the reference deployment from the installed package: --list-faults lists every fault, and served it prints its .env block, answers its key and stops on SIGTERM', async () => {
    const listed = await npx(['reference', '--list-faults']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual([...FAULT_NAMES]);
    const bin = join(installed.dir, 'node_modules', OWN.name, 'bin', 'mockapi-conformance.js');
    const child = spawn(process.execPath, [bin, 'reference', '--port', '0'], {
      cwd: installed.dir,
      env: cleanEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let text = '';
      const block = await new Promise<Map<string, string>>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          text += d;
          if (/^MOCKAPI_PUSH_POLICY=.*\n/m.test(text))
            resolve(
              new Map(
                text
                  .trim()
                  .split('\n')
                  .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
              ),
            );
        });
        child.once('exit', (code) => reject(new Error(`exited ${code} before its .env block: ${text}`)));
      });
      const answer = await fetch(`${block.get('MOCKAPI_BASE_URL')}/v1/organisations/${block.get('MOCKAPI_ORGANISATION_ID')}`, {
        headers: { Authorization: `Token ${block.get('MOCKAPI_TOKEN')}` },
      });
      expect(answer.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = await new Promise<[number | null]>((resolve) => child.once('exit', (c) => resolve([c])));
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  test('a full default run passes, without colour codes or warnings, and leaves the installed folder as it was', async () => {
    const before = snapshot(join(installed.dir, 'node_modules'));
    const ran = await npx([]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/\n\d+ passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of \d+ checks judged, 0% skipped; \d+ requests in /);
    expect(ANSI.test(ran.stdout) || ANSI.test(ran.stderr)).toBe(false);
    expect(ourWarnings(ran.stderr)).toEqual([]);
    // vitest's cache, and anything else, is written outside the package (src/vitest/run.ts, cacheDirectory)
    expect(changes(before, snapshot(join(installed.dir, 'node_modules')))).toEqual([]);
  });

  test('replay from the installed package: a failure of the reference, run again on it, is fixed (exit 0)', async () => {
    // a report of the embedded reference as a faulty one would write it (test/cli/replay.test.ts makes one by a run)
    const id = 'chaos-settings/updating-chaos-settings-200';
    const failed = { id, area: 'chaos-settings', title: 'CHAOS-STATUS', requirement: 'CHAOS-STATUS', operation: 'updateChaosSettings', level: 'must' };
    const report = join(mkdtempSync(join(tmpdir(), 'mockapi-conformance-replay-')), 'r.json');
    writeFileSync(
      report,
      JSON.stringify({
        tool: { name: 'mockapi-conformance', version: OWN.version },
        target: { baseUrl: 'http://127.0.0.1:1', profile: 'live', embedded: true },
        run: { seed: 1, runs: 5, strict: false },
        summary: { passed: 0, failed: 1, warned: 0, errored: 0, skipped: 0, requests: 1, durationMs: 1 },
        checks: [{ ...failed, outcome: 'failed', message: 'status 201', violated: ['CHAOS-STATUS'], notes: [], evidence: [], durationMs: 1 }],
        errors: [],
      }),
    );
    const ran = await npx(['replay', report]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^fixed {10}chaos-settings\/updating-chaos-settings-200$/m);
  });

  test('--profile mock without Prism installed beside is refused with one line that says how to install it', async () => {
    const prism = `@stoplight/prism-cli@${OWN.peerDependencies['@stoplight/prism-cli']}`;
    const ran = await npx(['--profile', 'mock']);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    const ours = ran.stderr.split('\n').filter((line) => line.startsWith('mockapi-conformance:'));
    expect(ours).toEqual([
      `mockapi-conformance: --profile mock without --base-url starts the local Prism mock, which is not installed: npm install ${prism} beside mockapi-conformance (with npx: npx -p mockapi-conformance -p ${prism} mockapi-conformance --profile mock)`,
    ]);
  });

  test('--profile mock works once Prism is installed beside the package, as the advice says', async () => {
    const dir = join(work, 'with-prism');
    await installPackage(dir, installed.tarball, installed.integrity, { extra: ['@stoplight/prism-cli'] });
    const ran = await run('npx', ['--offline', 'mockapi-conformance', '--profile', 'mock'], dir);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/\n\d+ passed, 0 failed, 0 warned, 0 errored, \d+ skipped: \d+% of \d+ checks judged, \d+% skipped; \d+ requests in /);
    expect(ourWarnings(ran.stderr)).toEqual([]);
  });

  test('a misspelt setting is named before the error it causes, with the one it most likely meant', async () => {
    const ran = await npx([], { MOCKAPI_BASE_ULR: 'http://127.0.0.1:9', MOCKAPI_TOKEN: 'k' });
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n').filter((line) => line.startsWith('mockapi-conformance:'))).toEqual([
      'mockapi-conformance: warning: MOCKAPI_BASE_ULR is not a setting of mockapi-conformance; did you mean MOCKAPI_BASE_URL?',
      'mockapi-conformance: MOCKAPI_TOKEN is set but no base URL: give --base-url or MOCKAPI_BASE_URL, or unset the key to verify the embedded reference deployment',
    ]);
  });

  test('check-har judges recordings of a correct and of a broken deployment (exit 0, then 1), and never shows the key', async () => {
    const [correct, broken] = await Promise.all([startReference({ faults: [] }), startReference({ faults: ['push-status-200'] })]);
    try {
      for (const [name, deployment, code] of [
        ['correct.har', correct, 0],
        ['broken.har', broken, 1],
      ] as const) {
        const auth = { authorization: `Token ${deployment.fixtures.token}` };
        const recorded = await record(deployment.baseUrl, [
          { method: 'GET', path: `/v1/organisations/${deployment.fixtures.organisationId}`, headers: auth },
          {
            method: 'PUT',
            path: `/v1/mock-apis/${deployment.fixtures.mockApiId}/open-api/push`,
            headers: auth,
            body: { push: { outOfSyncPolicy: deployment.fixtures.pushPolicy } },
          },
          { method: 'GET', path: '/index.html' },
        ]);
        writeFileSync(join(installed.dir, name), writeHar(recorded));
        const ran = await npx(['check-har', name]);
        expect({ name, code: ran.code }, ran.stderr).toEqual({ name, code });
        expect(ran.stdout).toContain('Ignored 1 exchange of none of the nine operations:\n  1 × GET /index.html');
        if (code === 1) expect(ran.stdout).toContain('PUSH-STATUS: 1 check');
        expect(ran.stdout + ran.stderr).not.toContain(deployment.fixtures.token);
        expect(ANSI.test(ran.stdout)).toBe(false);
      }
    } finally {
      await Promise.all([correct.close(), broken.close()]);
    }
  });

  test("the README's implementer test passes with node --test, importing checkExchange from the package", async () => {
    writeFileSync(join(installed.dir, 'organisation.test.mjs'), readmeExample('implementer-test'));
    const ran = await run(process.execPath, ['--test', 'organisation.test.mjs'], installed.dir);
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    // Node 20 and 22 report in TAP where the output is not a terminal, Node 24 in its spec format
    expect(ran.stdout).toMatch(/^(?:#|ℹ) pass 2\n(?:#|ℹ) fail 0$/m);
  });

  test("the README's library script starts the reference, runs the ORG- checks against it and finds the description by its export path", async () => {
    writeFileSync(join(installed.dir, 'conformance.mjs'), readmeExample('library-script'));
    const ran = await run(process.execPath, ['conformance.mjs'], installed.dir);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^exit 0: \d+ passed, 0 failed\nopenapi: 3\.1/);
  });

  test("the library page's vitest project runs the checks again when watch mode asks for a rerun, and they pass again", async () => {
    const dir = join(installed.dir, 'project');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'vitest.config.mjs'), readmeExample('vitest-project'));
    // what watch mode does when asked to run the checks again, through vitest's Node API: start, then a rerun
    writeFileSync(
      join(dir, 'watch.mjs'),
      [
        "import { createVitest } from 'vitest/node';",
        "const vitest = await createVitest('test', { watch: true, testNamePattern: process.argv[2], reporters: ['dot'] });",
        "const passed = (run) => run.testModules.flatMap((m) => [...m.children.allTests()]).filter((t) => t.result().state === 'passed').map((t) => t.fullName.split(' ')[0]);",
        'const first = await vitest.start();',
        'const again = await vitest.rerunTestSpecifications(first.testModules.flatMap((m) => vitest.getModuleSpecifications(m.moduleId)));',
        'process.stdout.write(`\\nruns ${JSON.stringify({ first: passed(first), again: passed(again) })}\\n`);',
        'await vitest.close();',
      ].join('\n'),
    );
    // no base URL: the embedded reference deployment, started by the project's set-up for each run
    writeFileSync(join(dir, '.env'), '');
    const id = 'organisations/get-2xx-organisation-organisation';
    const ran = await run(process.execPath, ['watch.mjs', `^${id} `], dir);
    expect(ran.code, ran.stderr).toBe(0);
    const runs = JSON.parse(/^runs (.*)$/m.exec(ran.stdout)?.[1] ?? 'null') as { first: string[]; again: string[] } | null;
    expect(runs).toEqual({ first: [id], again: [id] });
  });
});

/**
 * Runs the library page's vitest project (docs/library.md) in `dir`/project, against the deployment a .env of
 * `variables` names: `vitest run -t PATTERN` with the vitest installed in `dir`, read through vitest's JSON report.
 */
async function runProject(dir: string, variables: Record<string, string>, pattern: string, node = process.execPath): Promise<{ ran: Ran; tests: JsonTest[] }> {
  const project = join(dir, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'vitest.config.mjs'), readmeExample('vitest-project'));
  // the base URL, the key and the fixtures from a .env, as the command reads them: the config file names no key
  writeFileSync(
    join(project, '.env'),
    Object.entries(variables)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
  rmSync(join(project, 'results.json'), { force: true });
  const vitest = join(dir, 'node_modules', 'vitest', 'vitest.mjs');
  const ran = await run(node, [vitest, 'run', '-t', pattern, '--reporter', 'json', '--outputFile', 'results.json'], project, onPath(node));
  const results = JSON.parse(readFileSync(join(project, 'results.json'), 'utf8')) as { testResults: { assertionResults: JsonTest[] }[] };
  return { ran, tests: results.testResults.flatMap((file) => file.assertionResults) };
}

/** The environment that makes `node` the one a command and its children find first on PATH. */
const onPath = (node: string): Record<string, string> => ({ PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` });

/** The tests of a project's run that ran (not filtered out by -t): each its check id and status. */
const ranTests = (tests: JsonTest[]) => tests.filter((t) => t.status !== 'skipped' && t.status !== 'pending').map((t) => [t.fullName.split(' ')[0], t.status]);

describe("the library page's vitest project on each vitest of the peer range", () => {
  // vitest 4 is the one npm installs for the peer beside the package (installed.dir); vitest 3.2 is a project's
  // own (test/e2e/vitest-3), which the package's peer then finds
  const vitests = [
    { vitest: '4', dir: () => installed.dir },
    { vitest: '3.2', dir: () => join(work, 'vitest-3') },
  ];
  beforeAll(() => installPackage(join(work, 'vitest-3'), installed.tarball, installed.integrity, { project: 'test/e2e/vitest-3' }));

  test('on vitest 3.2 as on vitest 4, -t picks checks by their ids and runs them against the deployment a .env names, and a failure reads the same', async () => {
    const reference = await startReference({ faults: ['organisation-without-email'] });
    try {
      const failures = [];
      for (const { vitest, dir } of vitests) {
        const installedVitest = JSON.parse(readFileSync(join(dir(), 'node_modules', 'vitest', 'package.json'), 'utf8')) as { version: string };
        expect(installedVitest.version).toMatch(new RegExp(`^${vitest.replace('.', '\\.')}\\.`));
        const { ran, tests } = await runProject(dir(), runEnvironment(reference), '^organisations/get-');
        expect({ vitest, code: ran.code }, ran.stderr).toEqual({ vitest, code: 1 });
        expect(ranTests(tests).sort()).toEqual([
          ['organisations/get-2xx-organisation-organisation', 'failed'],
          ['organisations/get-organisation-asked', 'passed'],
          ['organisations/get-organisation-does-not-exist-404', 'passed'],
        ]);
        expect(tests.length).toBeGreaterThan(200);
        expect(ran.stdout + ran.stderr).not.toContain(reference.fixtures.token);
        failures.push(tests.find((t) => t.status === 'failed')!.failureMessages);
      }
      // the statement, what was expected, what came back, and how to reproduce it
      expect(failures[0]![0]).toMatch(
        /^ConformanceViolation: \[ORG-RESPONSE\] \(must\) .*\n {2}expected: .*\n {2}actual: {3}.*emailAddress.*\n {2}reproduce: curl /,
      );
      expect(failures[1]).toEqual(failures[0]);
    } finally {
      await reference.close();
    }
  });

  test('on vitest 3.2 as on vitest 4, a run names its target: the base URL given, or the embedded reference and why, in a line and in each test name', async () => {
    const reference = await startReference({ faults: [] });
    try {
      for (const { vitest, dir } of vitests) {
        const given = await runProject(dir(), runEnvironment(reference), '^organisations/get-organisation-asked ');
        expect({ vitest, code: given.ran.code }, given.ran.stderr).toEqual({ vitest, code: 0 });
        expect(given.ran.stderr).toContain(`mockapi-conformance: verifying ${reference.baseUrl}\n`);
        expect(ranTests(given.tests)).toEqual([['organisations/get-organisation-asked', 'passed']]);
        expect(given.tests.filter((t) => t.fullName.includes('embedded'))).toEqual([]);
        const embedded = await runProject(dir(), {}, '^organisations/get-organisation-asked ');
        expect({ vitest, code: embedded.ran.code }, embedded.ran.stderr).toEqual({ vitest, code: 0 });
        expect(embedded.ran.stderr).toMatch(
          /mockapi-conformance: verifying http:\/\/127\.0\.0\.1:\d+ \(the embedded reference deployment\): no base URL was given \(MOCKAPI_BASE_URL/,
        );
        expect(ranTests(embedded.tests)).toEqual([['organisations/get-organisation-asked', 'passed']]);
        expect(embedded.tests.every((t) => t.fullName.endsWith(' (against the embedded reference deployment)'))).toBe(true);
      }
    } finally {
      await reference.close();
    }
  });

  // Before its failures carried no parsed frames (src/vitest/tests.ts), vitest 3.2 spent minutes of a core
  // printing this run; the times are said, not held to a bound: a busy machine slows either.
  test('a red run ends on vitest 3.2 as on vitest 4: its failures printed by the default reporter, the times said', async () => {
    // a route served under another method: every chaos-settings check fails, each failure quoting its answers
    const reference = await startReference({ faults: ['chaos-settings-under-patch'] });
    try {
      const took: Record<string, number> = {};
      for (const { vitest, dir } of vitests) {
        const project = join(dir(), 'project');
        mkdirSync(project, { recursive: true });
        writeFileSync(join(project, 'vitest.config.mjs'), readmeExample('vitest-project'));
        writeFileSync(
          join(project, '.env'),
          Object.entries(runEnvironment(reference))
            .map(([name, value]) => `${name}=${value}\n`)
            .join(''),
        );
        const started = performance.now();
        const ran = await run(process.execPath, [join(dir(), 'node_modules', 'vitest', 'vitest.mjs'), 'run', '-t', '^chaos-settings/'], project);
        took[vitest] = Math.round(performance.now() - started);
        expect({ vitest, code: ran.code }, ran.stderr.slice(-2000)).toEqual({ vitest, code: 1 });
        // every failure printed, down to its curl line
        expect((ran.stdout + ran.stderr).match(/ FAIL .*chaos-settings\//g)?.length ?? 0).toBeGreaterThanOrEqual(20);
      }
      console.log(`a red run of the chaos-settings checks through vitest: ${JSON.stringify(took)} ms`);
    } finally {
      await reference.close();
    }
  });

  test('a deployment that cannot be reached is one line on vitest 3.2 as on vitest 4, exit 3, as from the command', async () => {
    // a port nothing listens on: a server's, closed
    const closed = await startReference({ faults: [] });
    const baseUrl = closed.baseUrl;
    await closed.close();
    for (const { vitest, dir } of vitests) {
      const project = join(dir(), 'project');
      mkdirSync(project, { recursive: true });
      writeFileSync(join(project, 'vitest.config.mjs'), readmeExample('vitest-project'));
      writeFileSync(join(project, '.env'), `MOCKAPI_BASE_URL=${baseUrl}\nMOCKAPI_TOKEN=a-key\n`);
      const ran = await run(process.execPath, [join(dir(), 'node_modules', 'vitest', 'vitest.mjs'), 'run'], project);
      expect({ vitest, code: ran.code, stderr: ran.stderr.trim().split('\n') }).toEqual({
        vitest,
        code: 3,
        stderr: [expect.stringMatching(new RegExp(`^mockapi-conformance: cannot reach ${baseUrl.replace(/[.]/g, '\\.')}: ECONNREFUSED`))],
      });
      expect(ran.stdout).not.toMatch(/No test files found|include:|❯/);
    }
  });

  test("a property's failure in vitest says how to run it again with vitest: the variables its project reads and -t", async () => {
    const reference = await startReference({ faults: ['chaos-percentage-a-hair-above-100-accepted'] });
    try {
      const { ran, tests } = await runProject(installed.dir, runEnvironment(reference), '^chaos-settings/generated-percentage');
      expect(ran.code, ran.stderr).toBe(1);
      const failed = tests.filter((t) => t.status === 'failed');
      expect(failed.map((t) => t.fullName.split(' ')[0])).toEqual(['chaos-settings/generated-percentage-out-of-range-rejected']);
      expect(failed[0]!.failureMessages[0]).toMatch(
        /\(rerun with MOCKAPI_SEED=\d+ MOCKAPI_RUNS=\d+ npx vitest run -t '\^chaos-settings\/generated-percentage-out-of-range-rejected '\)/,
      );
      expect(failed[0]!.failureMessages[0]).not.toContain('--seed');
    } finally {
      await reference.close();
    }
  });

  test('the command runs on vitest 3.2: against a faulty reference, the checks of the statement it breaks fail (exit 1), the others pass', async () => {
    const dir = vitests[1]!.dir();
    const ran = await run('npx', ['--offline', 'mockapi-conformance', '--only', '^ORG-', '--report-json', 'report.json'], dir, {
      MOCKAPI_REFERENCE_FAULTS: 'organisation-without-email',
    });
    expect(ran.code, ran.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { checks: { id: string; outcome: string; violated: string[] }[] };
    expect(report.checks.map((c) => c.id)).toContain('organisations/get-2xx-organisation-organisation');
    const failed = report.checks.filter((c) => c.outcome !== 'passed');
    expect(failed.map((c) => c.id)).toContain('organisations/get-2xx-organisation-organisation');
    expect(failed.map((c) => [c.outcome, c.violated])).toEqual(failed.map(() => ['failed', ['ORG-RESPONSE']]));
    expect(report.checks.length).toBeGreaterThan(failed.length);
  });

  test("without vitest beside it, or with one outside its peer range, the command, the vitest project and the library's run each say so in one line", async () => {
    const dir = join(work, 'without-vitest');
    await installPackage(dir, installed.tarball, installed.integrity, { peers: false });
    const range = OWN.peerDependencies.vitest!;
    const command = async () => {
      const ran = await run('npx', ['--offline', 'mockapi-conformance', '--only', '^ORG-'], dir);
      return [ran.code, ran.stdout, ran.stderr.split('\n').filter((line) => line.startsWith('mockapi-conformance:'))];
    };
    expect(await command()).toEqual([
      2,
      '',
      [
        `mockapi-conformance: no vitest is installed, and mockapi-conformance runs its checks on vitest ${range} (a peer dependency): npm install vitest@^4.0.0`,
      ],
    ]);
    // an older vitest, as far as what says its version goes
    mkdirSync(join(dir, 'node_modules', 'vitest'));
    writeFileSync(join(dir, 'node_modules', 'vitest', 'package.json'), JSON.stringify({ name: 'vitest', version: '3.1.4' }));
    const line = `mockapi-conformance: vitest 3.1.4 is installed, and mockapi-conformance runs its checks on vitest ${range} (a peer dependency): npm install vitest@^3.2.0`;
    expect(await command()).toEqual([2, '', [line]]);
    // what vitest shows of the error a config throws: its stack, here the one line; and the library's run's error
    const project = [
      "import { conformanceProject } from 'mockapi-conformance/vitest';",
      "import { runConformance } from 'mockapi-conformance';",
      'try { conformanceProject(); } catch (e) { console.log(e.stack); }',
      'await runConformance().catch((e) => console.log(`mockapi-conformance: ${e.message}`));',
    ].join('\n');
    const ran = await run(process.execPath, ['--input-type=module', '--eval', project], dir);
    expect([ran.stdout, ran.stderr]).toEqual([`Error: ${line}\n${line}\n`, '']);
  });
});

describe.each(OTHER_NODES)('the installed package on Node %s, as on the Node running the tests', (version) => {
  let node = '';
  beforeAll(() => {
    node = nodeRuntime(version, work);
  });

  test('a full default run of the command passes', async () => {
    const bin = join(installed.dir, 'node_modules', OWN.name, 'bin', 'mockapi-conformance.js');
    const ran = await run(node, [bin], installed.dir, onPath(node));
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/\n\d+ passed, 0 failed, 0 warned, 0 errored, 0 skipped: 100% of \d+ checks judged/);
    expect(ourWarnings(ran.stderr)).toEqual([]);
  });

  test("the library page's vitest project finds the failure of a faulty reference and passes the rest", async () => {
    const reference = await startReference({ faults: ['organisation-without-email'] });
    try {
      const { ran, tests } = await runProject(installed.dir, runEnvironment(reference), '^organisations/get-', node);
      expect(ran.code, ran.stderr).toBe(1);
      expect(ranTests(tests).sort()).toEqual([
        ['organisations/get-2xx-organisation-organisation', 'failed'],
        ['organisations/get-organisation-asked', 'passed'],
        ['organisations/get-organisation-does-not-exist-404', 'passed'],
      ]);
    } finally {
      await reference.close();
    }
  });
});
