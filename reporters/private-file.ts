// The one way the command writes a file of its own (a report, the HAR, a baseline, the state file): created
// readable by its owner alone, since each holds what a deployment said, and never through a link: a link planted
// at the path (by a checkout, or another user of a shared directory) is replaced or refused, never followed.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Owner read and write alone. */
const PRIVATE_MODE = 0o600;

/** Owner read, write and search alone: a directory the command creates for its files. */
const PRIVATE_DIRECTORY_MODE = 0o700;

/** O_NOFOLLOW where the system has it: opening a link at the path then fails (ELOOP) instead of opening its target. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Writes `path` whole: `write` fills a new private file beside it (created exclusively, so nothing planted is
 * opened), which is then renamed over the path. A link at the path is replaced by the file, its target untouched;
 * a reader never sees the file half written.
 */
export function writePrivateFileWith(path: string, write: (fd: number) => void): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, PRIVATE_MODE);
  try {
    write(fd);
    closeSync(fd);
    renameSync(temporary, path);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // closed already, before the rename failed
    }
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** writePrivateFileWith for content in hand. */
export function writePrivateFile(path: string, content: string | Uint8Array): void {
  writePrivateFileWith(path, (fd) => writeFileSync(fd, content));
}

/**
 * Appends to `path`, creating it private; a link at the path is refused (ELOOP), not followed. A file an older
 * version created readable by others is made private as it is appended to. One write per call: a short line is
 * not interleaved with another process's append.
 */
export function appendPrivateFile(path: string, content: string): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW, PRIVATE_MODE);
  try {
    if ((fstatSync(fd).mode & 0o077) !== 0) fchmodSync(fd, PRIVATE_MODE);
    writeFileSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates the directory `dir` (`reports/` of `--report-junit reports/ci.xml`), private to its owner, in a parent
 * that exists: a link found where it is to be created is refused, never followed into.
 */
export function makePrivateDirectory(dir: string): void {
  try {
    mkdirSync(dir, { mode: PRIVATE_DIRECTORY_MODE });
  } catch (error) {
    // another process may have made it meanwhile: a directory is fine, a link is not
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is a link, not followed`);
}
