// What the command says of its flags where a user meets them, before anything is started: a key on the command
// line is taken with a warning; a misspelt flag gets the flag meant; a flag without its value, the parser's own
// words on one line; a base URL without its scheme, the URL meant; --only that selects nothing, exit 2 before the
// reference starts; --help says where fixtures come from. The command's own runCommand, in this process.
import { expect, test } from 'vitest';
import { runCommand } from '../../src/cli/main.ts';
import { emptyDirectory } from '../support/cli.ts';

async function command(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | undefined; stdout: string; stderr: string }> {
  let [stdout, stderr] = ['', ''];
  const io = { write: (t: string) => (stdout += t), error: (t: string) => (stderr += t), tty: false, signals: false, env, cwd: emptyDirectory() };
  const code = await runCommand(argv, io);
  return { code, stdout, stderr };
}

test('a key given on the command line is taken, with one warning that says where it belongs; one from the environment is not warned of', async () => {
  for (const flag of [['--token', 'k3y'], ['--token=k3y']]) {
    const r = await command(['--base-url', 'http://127.0.0.1:1', ...flag, '--list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      "mockapi-conformance: warning: --token puts the key on the command line, where other users of this machine and the shell's history can read it: give it in MOCKAPI_TOKEN, .env or --token-file instead\n",
    );
    expect(r.stderr).not.toContain('k3y');
  }
  const forbidden = await command(['--base-url', 'http://127.0.0.1:1', '--forbidden-token', 'f0rb', '--list'], { MOCKAPI_TOKEN: 'k3y' });
  expect(forbidden.stderr).toMatch(
    /^mockapi-conformance: warning: --forbidden-token puts the key on the command line, .*: give it in MOCKAPI_FORBIDDEN_TOKEN, \.env instead\n$/,
  );
  expect((await command(['--base-url', 'http://127.0.0.1:1', '--list'], { MOCKAPI_TOKEN: 'k3y' })).stderr).toBe('');
});

test.each([
  [['--bse-url', 'http://x.test'], "Unknown option '--bse-url'; did you mean --base-url? (see --help)"],
  [['--report-jsn', 'r.json'], "Unknown option '--report-jsn'; did you mean --report-json? (see --help)"],
  [['--frobnicate'], "Unknown option '--frobnicate' (see --help)"],
  [
    ['--update-baseline', '--baseline', 'b.json'],
    "Option '--update-baseline' argument is ambiguous. Did you forget to specify the option argument for '--update-baseline'? To specify an option argument starting with a dash use '--update-baseline=-XYZ' (see --help)",
  ],
  [['--report-json'], "Option '--report-json <value>' argument missing (see --help)"],
  [['--base-url', '127.0.0.1:18082'], '--base-url needs the scheme: did you mean http://127.0.0.1:18082?'],
  [['--base-url', 'localhost:18082'], '--base-url needs the scheme: did you mean http://localhost:18082?'],
  [['--base-url', 'api.example.com'], '--base-url needs the scheme: did you mean https://api.example.com?'],
])('%j: one line, exit 2', async (argv, said) => {
  const r = await command(argv);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe(`mockapi-conformance: ${said}\n`);
});

test('--only that matches no check exits 2 with one line, before the reference or the runner is started', async () => {
  const r = await command(['--only', 'nomatch']);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe("mockapi-conformance: no check's id or name matches --only nomatch (--list shows every check)\n");
  // the header a run prints once its target is open never came
  expect(r.stdout).toBe('');
  // a check of the other profile only is no match for this one (the documented 401 is asked of a mock with Prefer)
  expect((await command(['--only', 'documented-401-prefer-code-401-plain$'])).stderr).toMatch(/^mockapi-conformance: no check's id or name matches/);
});

test('--help says the fixtures come from the environment, .env or a config file, and that replay takes no report', async () => {
  const r = await command(['--help', '--strict']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(
    /^Fixtures, by variable \(environment or \.env\) or under "fixtures" in a config file's environment by name:\s+MOCKAPI_MOCK_API_ID \(mockApiId\), /m,
  );
  expect(r.stdout).toContain('  mockapi-conformance replay [REPORT.json] [--base-url URL]\n');
  expect(r.stdout).toMatch(
    /reference \[--port N\] \[--faults a,b\] \[--freedoms a,b\] \[--variations\] \| --list-faults \| --list-freedoms\n +serves the reference deployment on 127\.0\.0\.1 \(a free port unless --port\)/,
  );
});
