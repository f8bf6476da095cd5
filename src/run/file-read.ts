// Files a run reads that someone else may have written: a checkout's .env, config file, baseline, state file and key
// file, a report or a HAR from a download. Each must be a regular file, and is read whole only up to a bound: a link
// to /dev/zero, a FIFO or a file of gigabytes can neither hang a run nor take its memory. The file is opened without
// blocking (opening a FIFO that has no writer would block), judged by what was opened (fstat, not a path looked at
// before), and read to one byte past its bound at most.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Why a file cannot be read: one line that names the file (the caller routes it through the escaping rule). */
export class FileReadError extends Error {}

/** A bound in words: 1 MiB, 64 KiB. */
const sizeWords = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`);

/** The file opened for reading, once it is known to be a regular file; a FileReadError otherwise. */
export function openRegularFile(file: string): number {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new FileReadError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new FileReadError(`${file} is not a regular file`);
  }
  return fd;
}

/** A regular file's bytes, `limit` of them at most: a longer file (or one that grows past it as it is read) is refused. */
export function readRegularFile(file: string, limit: number): Buffer {
  const fd = openRegularFile(file);
  try {
    const tooLarge = () => new FileReadError(`${file} is larger than ${sizeWords(limit)}`);
    if (fstatSync(fd).size > limit) throw tooLarge();
    const buffer = Buffer.allocUnsafe(Math.min(fstatSync(fd).size, limit) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > limit) throw tooLarge();
    // more than fstat said: the file grows as it is read
    if (length === buffer.length) throw new FileReadError(`${file} changed as it was read`);
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    closeSync(fd);
  }
}
