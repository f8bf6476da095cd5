// What a run deleted, remembered per deployment across runs. A delete consumes its fixture: the next run
// against the same deployment with the same fixtures would get 404 and, without this memory, report the
// interface broken. So every delete that succeeds is appended to a small state file in the working
// directory (one JSON object per line: deployment, fixture variable, resource path, a fingerprint of the key,
// time, status; never the key), and a run reads it first and skips what is already gone, saying so. The key's
// fingerprint tells deployments apart that share a base URL: a reference restarted on the same port has new
// keys and all its fixtures back.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendPrivateFile } from '../../reporters/private-file.ts';
import { inertLine } from '../../contract/untrusted.ts';
import { readRegularFile } from './file-read.ts';

/** The default state file, in the working directory of the run. */
export const STATE_FILE = '.mockapi-conformance-state.jsonl';

export interface Deletion {
  /** the base URL of the deployment */
  deployment: string;
  /** the variable that named the fixture, e.g. MOCKAPI_DELETABLE_DATA_SOURCE_ID */
  fixture: string;
  /** the path the DELETE went to, e.g. /v1/data-sources/ds-1 */
  resource: string;
  /** keyFingerprint() of the key the run was given; absent in lines written before it was kept (they match any key) */
  key?: string;
  /** ISO 8601 UTC */
  deletedAt: string;
  status: number;
}

/** What a run writes as deletedAt (Date.toISOString): the one field of a line a run prints as it came. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

const isDeletion = (value: unknown): value is Deletion => {
  const d = value as Deletion;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.deployment === 'string' &&
    typeof d.resource === 'string' &&
    typeof d.deletedAt === 'string' &&
    ISO_UTC.test(d.deletedAt)
  );
};

/** A state file is a line a delete: past this it is no file a run wrote (a checkout may have put one in its place). */
const STATE_BYTES = 16 * 1024 * 1024;

/**
 * Every deletion the file remembers; lines that are not a deletion (hand edits) are passed over. A file that is not
 * a regular one, or is past the bound, is a FileReadError (src/run/config.ts reads it before the run for that).
 */
export function readDeletions(file: string): Deletion[] {
  if (!existsSync(file)) return [];
  return readRegularFile(file, STATE_BYTES)
    .toString('utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const value = JSON.parse(line) as unknown;
        return isDeletion(value) ? [value] : [];
      } catch {
        return [];
      }
    });
}

/**
 * A short fingerprint of a key: the first 64 bits of a SHA-256 of it, enough to tell two keys apart and nothing
 * that gives the key back. No key at all (a mock needs none) has a fingerprint too.
 */
export function keyFingerprint(key: string | undefined): string {
  return `sha256:${createHash('sha256')
    .update(`mockapi-conformance state file\0${key ?? ''}`)
    .digest('hex')
    .slice(0, 16)}`;
}

/** What a deletion is remembered by: the deployment and the fixture as the user named them, and the key's fingerprint. */
export interface DeletionKey {
  deployment: string;
  fixture: string;
  resource: string;
  key: string;
}

/** The last deletion of this fixture's resource on this deployment with this key, if a run made one. */
export function deletedBefore(deletions: readonly Deletion[], wanted: DeletionKey): Deletion | undefined {
  return deletions
    .filter(
      (d) =>
        d.deployment === wanted.deployment &&
        d.resource === wanted.resource &&
        (d.fixture === undefined || d.fixture === wanted.fixture) &&
        (d.key === undefined || d.key === wanted.key),
    )
    .at(-1);
}

/**
 * Why a run that is to delete the fixtures of `variables` may not: it cannot append to its state file, opened here as
 * each delete's record will be (created, private, if it is not there). Without the record the next run would take
 * the fixture for one named wrong. Undefined when it can, or deletes nothing.
 */
export function unrecordable(file: string, variables: readonly string[]): string | undefined {
  if (variables.length === 0) return undefined;
  try {
    appendPrivateFile(file, '');
    return undefined;
  } catch (error) {
    return (
      `the run would delete ${variables.join(' and ')} and cannot record it in its state file ${inertLine(file)} ` +
      `(${inertLine((error as Error).message)}), so nothing is sent: give --state-file or MOCKAPI_STATE_FILE a file it can write, or --read-only`
    );
  }
}

/**
 * Appends one deletion. One short line per append: workers of a run may append at the same time, and an
 * append of a line this size is not interleaved with another. Returns why it failed, if it did.
 */
export function recordDeletion(file: string, deletion: Deletion): string | undefined {
  try {
    appendPrivateFile(file, `${JSON.stringify(deletion)}\n`);
    return undefined;
  } catch (error) {
    return `could not record the delete in ${inertLine(file)} (${inertLine((error as Error).message)}); a rerun against these fixtures will find them gone`;
  }
}
