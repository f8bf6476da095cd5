// Every sub-command answers --help and -h with its usage and exit 0, as the command's own --help promises.
import { expect, test, vi } from 'vitest';
import { runCommand } from '../../src/cli/main.ts';

test('the run and each sub-command answer --help and -h with their usage, exit 0', async () => {
  // the reference's usage goes to the process's stdout (it serves from a process of its own)
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    for (const command of [[], ['diff'], ['replay'], ['check-har'], ['proxy'], ['reference']]) {
      for (const flag of ['--help', '-h']) {
        let said = '';
        stdout.mockClear();
        const io = { write: (t: string) => (said += t), error: (t: string) => (said += `stderr: ${t}`), tty: false, env: {}, cwd: process.cwd() };
        const code = await runCommand([...command, flag], io);
        said += stdout.mock.calls.map((c) => String(c[0])).join('');
        expect(code, `${command.join(' ')} ${flag}`).toBe(0);
        expect(said, `${command.join(' ')} ${flag}`).toMatch(new RegExp(`^usage: mockapi-conformance ${command.join(' ')}`, 'i'));
      }
    }
  } finally {
    stdout.mockRestore();
  }
});
