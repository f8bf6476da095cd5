// A reader that stops early (`… | head`) closes the command's output: what it would print goes nowhere, and the
// command still judges, writes its reports and exits with its verdict's code (src/cli/output.ts).
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { droppedOnceClosed } from '../../src/cli/output.ts';
import { runCli } from '../support/cli.ts';

/** A stream whose reader has gone: every write fails as a closed pipe's does. */
const closedPipe = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });

describe('droppedOnceClosed', () => {
  test('drops what is written once the pipe is closed, and raises nothing', async () => {
    const stream = closedPipe();
    const write = droppedOnceClosed(stream);
    write('the first line\n');
    await new Promise((resolve) => stream.once('close', resolve));
    expect(stream.destroyed).toBe(true);
    for (let i = 0; i < 3; i++) write('a line nobody reads\n');
  });

  test('an error that is not a closed pipe is still raised', () => {
    const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
    droppedOnceClosed(stream);
    expect(() => stream.emit('error', Object.assign(new Error('write EIO'), { code: 'EIO' }))).toThrow('write EIO');
  });
});

describe('the command with its output closed before it prints', () => {
  test('a run refused for its configuration, its output unread, still writes its report and exits 2', async () => {
    const run = await runCli(['--base-url', 'http://127.0.0.1:9'], {}, { onSpawn: (child) => (child.stdout!.destroy(), child.stderr!.destroy()) });
    expect(run.code).toBe(2);
    expect(run.report?.exit).toEqual({ code: 2, reason: expect.stringMatching(/^a base URL is set but no key/) });
  });
});
