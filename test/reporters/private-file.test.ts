// Files the command writes (reporters/private-file.ts): private to their owner, and a link planted at the path
// is replaced (a whole write) or refused (an append), its target never written.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { appendPrivateFile, writePrivateFile, writePrivateFileWith } from '../../reporters/private-file.ts';
import { recordDeletion } from '../../src/run/deletions.ts';

const directory = () => mkdtempSync(join(tmpdir(), 'conformance-private-'));
const mode = (path: string) => statSync(path).mode & 0o777;

/** A file of the victim's, and a link to it planted where the run writes. */
function planted(): { dir: string; victim: string; link: string } {
  const dir = directory();
  const victim = join(dir, 'victim');
  writeFileSync(victim, 'the victim\n', { mode: 0o644 });
  const link = join(dir, 'report.json');
  symlinkSync(victim, link);
  return { dir, victim, link };
}

describe('writePrivateFile', () => {
  test('creates the file readable by its owner alone, and makes one that was readable by others private', () => {
    const dir = directory();
    writePrivateFile(join(dir, 'new.json'), '{}\n');
    expect(mode(join(dir, 'new.json'))).toBe(0o600);
    writeFileSync(join(dir, 'old.json'), 'old', { mode: 0o644 });
    chmodSync(join(dir, 'old.json'), 0o644);
    writePrivateFile(join(dir, 'old.json'), 'new');
    expect([mode(join(dir, 'old.json')), readFileSync(join(dir, 'old.json'), 'utf8')]).toEqual([0o600, 'new']);
  });

  test('replaces a link planted at the path with the file: the link target is left as it was', () => {
    const { victim, link } = planted();
    writePrivateFile(link, 'the report');
    expect(readFileSync(victim, 'utf8')).toBe('the victim\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link, 'utf8')).toBe('the report');
  });

  test('a write that fails leaves the old file whole and no temporary file beside it', () => {
    const dir = directory();
    writeFileSync(join(dir, 'report.html'), 'the last report');
    expect(() =>
      writePrivateFileWith(join(dir, 'report.html'), () => {
        throw new Error('the disk is full');
      }),
    ).toThrow('the disk is full');
    expect(readdirSync(dir)).toEqual(['report.html']);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe('the last report');
  });
});

describe('appendPrivateFile', () => {
  test('creates the file private, and makes a file an older version left readable by others private', () => {
    const dir = directory();
    appendPrivateFile(join(dir, 'state.jsonl'), 'a\n');
    appendPrivateFile(join(dir, 'state.jsonl'), 'b\n');
    expect([mode(join(dir, 'state.jsonl')), readFileSync(join(dir, 'state.jsonl'), 'utf8')]).toEqual([0o600, 'a\nb\n']);
    writeFileSync(join(dir, 'old.jsonl'), 'a\n');
    chmodSync(join(dir, 'old.jsonl'), 0o644);
    appendPrivateFile(join(dir, 'old.jsonl'), 'b\n');
    expect(mode(join(dir, 'old.jsonl'))).toBe(0o600);
  });

  test("refuses a link planted at the state file's path: the delete is not recorded, and the link target is left as it was", () => {
    const { victim, link } = planted();
    const deletion = { deployment: 'http://127.0.0.1:1', fixture: 'F', resource: '/v1/x', deletedAt: '2026-01-01T00:00:00.000Z', status: 204 };
    expect(recordDeletion(link, deletion)).toMatch(/^could not record the delete in .*report\.json \(ELOOP/);
    expect(readFileSync(victim, 'utf8')).toBe('the victim\n');
  });
});

/** The files that write otherwise than through reporters/private-file.ts, and why each may. */
const OTHER_WRITERS: Record<string, string> = {
  'reporters/private-file.ts': 'the helper itself',
  'reporters/github.ts': "appends to GitHub's step summary, a file the runner made and owns",
  'src/run/settings-docs.ts': "writes the project's own docs from the settings table (npm run settings), never run by the command",
  'src/http/har-log.ts': "appends to the run's exchange log, inside a directory mkdtempSync made private to the run",
};

describe('every file the command writes', () => {
  test('is written through reporters/private-file.ts, but where OTHER_WRITERS says why not', () => {
    const root = join(import.meta.dirname, '..', '..');
    const sources = ['src', 'reporters'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts'))
        .map((file) => join(dir, file)),
    );
    const writers = sources.filter((file) =>
      /\b(writeFileSync|appendFileSync|createWriteStream|writeFile|appendFile)\(|openSync\([^)]*'[wa]/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(writers.sort()).toEqual(Object.keys(OTHER_WRITERS).sort());
  });
});
