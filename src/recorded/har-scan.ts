// A HAR file read as a stream of bytes: the elements of its log.entries handed over one at a time, as the bytes
// of each, so that memory holds one entry, whatever the file's size. The scanner reads every byte once, keeps a
// stack no deeper than its bound, and says where a file stops being JSON in words of its own: it never quotes
// the file (a parser's message would, and a file's bytes may be a terminal escape or a workflow command).
import { closeSync, readSync } from 'node:fs';
import { openRegularFile } from '../run/file-read.ts';

export class HarError extends Error {}

export interface ScanLimits {
  /** bytes of one entry held to be read, at most; a longer entry is handed over as too large, unread */
  entryBytes: number;
  /** levels of nesting of the file's JSON, at most (a HAR entry needs a handful; the strings hold the bodies) */
  depth: number;
  /** bytes read from the file at a time */
  chunkBytes: number;
}

export const SCAN_LIMITS: ScanLimits = { entryBytes: 16 * 1024 * 1024, depth: 64, chunkBytes: 1024 * 1024 };

/** One element of log.entries: its bytes, or only its size when it is longer than the limit. */
export type ScannedEntry = { bytes: Buffer; offset: number } | { tooLarge: number; offset: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** What a literal (number, true, false, null) may hold; its form is checked when its entry is parsed. */
const isLiteral = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x45;
/** Longer than any number JSON.parse reads back exactly, or any literal. */
const LITERAL_BYTES = 400;
const ESCAPES = new Set([...'"\\/bfnrtu'].map((c) => c.charCodeAt(0)));

/** What the scanner waits for next, said in the error when something else comes. */
type Expect = 'value' | 'key or }' | 'key' | ':' | ', or }' | ', or ]' | 'value or ]' | 'end';

interface Frame {
  array: boolean;
  /** the member's key, for the levels that lead to log.entries (depth 1 and 2), cut */
  key: string;
  /** this array is log.entries */
  entries: boolean;
}

/** A pass over the bytes of one JSON document, told chunk by chunk. */
export class Scanner {
  private readonly stack: Frame[] = [];
  private expect: Expect = 'value';
  private inString = false;
  private inKey = false;
  private escaped = false;
  /** the first bytes of a key at the levels that lead to log.entries */
  private keyBytes: number[] | undefined;
  private literal = 0;
  private offset = 0;
  /** the entry being held: where it starts, its chunks and their size; past the limit its size alone */
  private entry: { offset: number; chunks: Buffer[]; size: number; tooLarge: boolean } | undefined;
  /** elements of log.entries met */
  entries = 0;
  /** whether log.entries was found, an array */
  found = false;

  constructor(
    private readonly limits: ScanLimits,
    private readonly onEntry: (entry: ScannedEntry) => void,
  ) {}

  private fail(at: number, what: string): never {
    throw new HarError(`not JSON: at byte ${at}, ${what}`);
  }

  /** Reads a chunk; each byte once. */
  feed(chunk: Buffer): void {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString) {
        i = this.stringFrom(chunk, i);
        continue;
      }
      const c = chunk[i]!;
      if (this.literal > 0) {
        if (isLiteral(c)) {
          if (++this.literal > LITERAL_BYTES) this.fail(this.offset + i, `a number or literal longer than ${LITERAL_BYTES} bytes`);
          continue;
        }
        this.literal = 0;
        this.afterValue();
      }
      if (isSpace(c)) continue;
      const depth = this.stack.length;
      const startsEntry = this.inEntries() && (this.expect === 'value' || this.expect === 'value or ]') && c !== 0x5d;
      this.token(c, this.offset + i);
      if (startsEntry) {
        if (c !== 0x7b) throw new HarError(`log.entries[${this.entries}] has no request`);
        this.entry = { offset: this.offset + i, chunks: [], size: 0, tooLarge: false };
        from = i;
      } else if (this.entry && this.stack.length === depth - 1 && this.inEntries()) {
        // the entry's closing brace: its bytes are held from its first to its last
        this.hold(chunk.subarray(from, i + 1));
        this.handOver();
      }
    }
    if (this.entry) this.hold(chunk.subarray(from));
    this.offset += chunk.length;
  }

  private inEntries(): boolean {
    return this.stack.length > 0 && this.stack[this.stack.length - 1]!.entries;
  }

  private hold(bytes: Buffer): void {
    const e = this.entry!;
    e.size += bytes.length;
    if (e.tooLarge) return;
    if (e.size > this.limits.entryBytes) {
      e.tooLarge = true;
      e.chunks = [];
      return;
    }
    // a copy: the chunk it is cut from is read into again
    e.chunks.push(Buffer.from(bytes));
  }

  private handOver(): void {
    const e = this.entry!;
    this.entry = undefined;
    this.entries++;
    this.onEntry(e.tooLarge ? { tooLarge: e.size, offset: e.offset } : { bytes: Buffer.concat(e.chunks, e.size), offset: e.offset });
  }

  /**
   * The bytes of a string from i, up to its closing quote: returns the index of the last byte read. The next quote
   * and backslash are found natively (indexOf), each searched for once, so a string costs little more than a copy;
   * a control character in one is left to the entry's parse (JSON.parse) to refuse.
   */
  private stringFrom(chunk: Buffer, i: number): number {
    // where the next quote is, found once for all the escapes before it
    let quote = -1;
    while (i < chunk.length) {
      if (this.escaped) {
        if (!ESCAPES.has(chunk[i]!)) this.fail(this.offset + i, 'expected an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u) after a backslash');
        this.escaped = false;
        this.keyBytesOf(chunk, i, ++i);
        continue;
      }
      if (quote < i) {
        quote = chunk.indexOf(QUOTE, i);
        if (quote < 0) quote = chunk.length;
      }
      const backslash = chunk.subarray(i, quote).indexOf(BACKSLASH);
      if (backslash >= 0) {
        this.keyBytesOf(chunk, i, i + backslash + 1);
        this.escaped = true;
        i += backslash + 1;
        continue;
      }
      this.keyBytesOf(chunk, i, quote);
      if (quote === chunk.length) break;
      this.inString = false;
      this.endString();
      return quote;
    }
    return chunk.length - 1;
  }

  /** The first bytes of a key that may lead to log.entries, kept. */
  private keyBytesOf(chunk: Buffer, from: number, to: number): void {
    const key = this.keyBytes;
    if (key) for (let j = from; j < to && key.length <= 16; j++) key.push(chunk[j]!);
  }

  private endString(): void {
    if (!this.inKey) return this.afterValue();
    this.inKey = false;
    if (this.keyBytes) this.stack[this.stack.length - 1]!.key = Buffer.from(this.keyBytes).toString('latin1');
    this.keyBytes = undefined;
    this.expect = ':';
  }

  private afterValue(): void {
    const top = this.stack[this.stack.length - 1];
    this.expect = top === undefined ? 'end' : top.array ? ', or ]' : ', or }';
  }

  private open(array: boolean, at: number): void {
    if (this.stack.length >= this.limits.depth) this.fail(at, `nested deeper than ${this.limits.depth} levels`);
    // the first array under log.entries; any other is only read past
    const entries = array && this.stack.length === 2 && this.stack[1]!.key === 'entries' && this.stack[0]!.key === 'log' && !this.found;
    if (entries) this.found = true;
    this.stack.push({ array, key: '', entries });
    this.expect = array ? 'value or ]' : 'key or }';
  }

  private token(c: number, at: number): void {
    const e = this.expect;
    if (e === 'end') this.fail(at, 'expected the end of the file after the document');
    if (e === ':') {
      if (c !== 0x3a) this.fail(at, "expected ':' after a key");
      this.expect = 'value';
    } else if (e === ', or }' || e === ', or ]') {
      if (c === 0x2c) this.expect = e === ', or }' ? 'key' : 'value';
      else if (c === (e === ', or }' ? 0x7d : 0x5d)) this.close();
      else this.fail(at, `expected ${e === ', or }' ? "',' or '}'" : "',' or ']'"}`);
    } else if (e === 'key or }' || e === 'key') {
      if (c === 0x7d && e === 'key or }') this.close();
      else if (c !== QUOTE) this.fail(at, 'expected a key (a string in double quotes)');
      else {
        this.inString = true;
        this.inKey = true;
        this.keyBytes = this.stack.length <= 2 ? [] : undefined;
      }
    } else if (c === 0x5d && e === 'value or ]') this.close();
    else if (c === 0x7b) this.open(false, at);
    else if (c === 0x5b) this.open(true, at);
    else if (c === QUOTE) this.inString = true;
    else if (isLiteral(c)) this.literal = 1;
    else this.fail(at, 'expected a value (an object, array, string, number, true, false or null)');
  }

  private close(): void {
    this.stack.pop();
    this.afterValue();
  }

  /** At the end of the file: the document must be whole. */
  end(): void {
    if (this.literal > 0) {
      this.literal = 0;
      this.afterValue();
    }
    if (this.inString || this.stack.length > 0 || this.expect !== 'end') this.fail(this.offset, 'the file ends before the document does');
  }
}

/** Scans bytes already in memory (a HAR given as text). */
export function scanBytes(bytes: Buffer, onEntry: (entry: ScannedEntry) => void, limits: ScanLimits = SCAN_LIMITS): Scanner {
  const scanner = new Scanner(limits, onEntry);
  for (let at = 0; at < bytes.length; at += limits.chunkBytes) scanner.feed(bytes.subarray(at, at + limits.chunkBytes));
  scanner.end();
  return scanner;
}

/** Scans a file, a chunk at a time: a regular file alone (a FIFO or a device would never end). */
export function scanFile(file: string, onEntry: (entry: ScannedEntry) => void, limits: ScanLimits = SCAN_LIMITS): Scanner {
  const scanner = new Scanner(limits, onEntry);
  const fd = openRegularFile(file);
  try {
    const chunk = Buffer.allocUnsafe(limits.chunkBytes);
    for (let read = readSync(fd, chunk, 0, chunk.length, null); read > 0; read = readSync(fd, chunk, 0, chunk.length, null))
      scanner.feed(chunk.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  scanner.end();
  return scanner;
}
