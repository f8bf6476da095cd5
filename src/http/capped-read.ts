// Reading an answer's body up to the cap, in memory that does not grow with the answers' size or number.
//
// Why not simply keep the chunks the socket gives: a deployment that streams huge answers (no length declared,
// as a CDN sends what it compresses) makes every read take the cap (8 MiB) in 64 KiB chunks and drop it. Kept
// until the read ends, those chunks outlive V8's young generation, and only a full collection frees them,
// which V8 starts late, once much such memory has piled up: a run against huge answers went past the memory
// docs/untrusted.md states (the benchmark's row e measures it). So a read past its first 64 KiB copies each
// chunk at once into blocks taken from a pool and given back when the read ends: the chunks die young, and
// the blocks are used again by the next read, not left as garbage.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Readable } from 'node:stream';

/** What an exchange keeps of a body longer than the cap: its start, for the evidence and the checks' messages. */
export const TRUNCATED_KEPT_BYTES = 64 * 1024;

/**
 * Blocks of one size, given back after a read and taken again by the next; at most `maxFree` wait unused. A
 * read of at most `keptAsChunks` bytes (most answers) takes no block: it keeps the chunks as they came.
 */
export class BlockPool {
  private readonly free: Buffer[] = [];
  constructor(
    readonly blockBytes: number,
    private readonly maxFree: number,
    readonly keptAsChunks: number,
  ) {}

  take(): Buffer {
    // never filled: only the bytes a read wrote are ever copied out of a block
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.blockBytes);
  }

  give(blocks: Buffer[]): void {
    for (const block of blocks) if (this.free.length < this.maxFree) this.free.push(block);
    blocks.length = 0;
  }

  /** blocks waiting to be taken (for tests) */
  get freeCount(): number {
    return this.free.length;
  }
}

/** The worker's pool: 1 MiB blocks, at most 16 MiB of them kept between reads; reads up to 64 KiB take none. */
const SHARED = new BlockPool(1024 * 1024, 16, 64 * 1024);

/**
 * Bytes read and let go (cut at the cap, or copied into the body's own buffer) since the last collection asked
 * for. The socket's chunks a read copied are garbage V8 frees cheaply, but only when its young generation is
 * collected, and it collects on the allocations of JavaScript objects, which a run against huge answers hardly
 * makes: a young-generation collection is asked for every 8 MiB. A body's own buffer outlives a few of those and
 * lands in the old generation, which V8 collects late when the bytes are outside its heap: a major collection,
 * concurrent, is asked for every 32 MiB of bodies kept whole, so that megabytes judged and let go do not pile up. V8 offers the
 * request only as `gc`, which a flag exposes in new contexts: the flag is set for the one context that takes
 * it, and only once a read copied more than a few KiB, so a run against ordinary answers never touches V8's flags.
 */
let droppedBytes = 0;
let sinceMajor = 0;
const COLLECT_EVERY = 8 * 1024 * 1024;
const COLLECT_MAJOR_EVERY = 32 * 1024 * 1024;
type Collect = (options: { type: 'minor' | 'major'; execution?: 'async' }) => void;
let collect: Collect | undefined;

function dropped(bytes: number, keptWhole = false): void {
  droppedBytes += bytes;
  // only a body kept whole leaves a buffer that outlives young collections: a cut read's chunks die young
  if (keptWhole) sinceMajor += bytes;
  if (droppedBytes < COLLECT_EVERY) return;
  droppedBytes = 0;
  if (!collect) {
    // a process started with --expose-gc has it already, and keeps the flag as it was
    let gc = (globalThis as { gc?: unknown }).gc as Collect | undefined;
    if (typeof gc !== 'function') {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as Collect;
      setFlagsFromString('--no-expose-gc');
    }
    collect = gc;
  }
  if (sinceMajor < COLLECT_MAJOR_EVERY) return collect({ type: 'minor' });
  sinceMajor = 0;
  collect({ type: 'major', execution: 'async' });
}

type CappedBody = { bytes: Buffer; truncated: boolean };

/**
 * One body as it is read: its first chunks kept as they came, then everything in blocks of the pool (or, when
 * its length was declared within the cap, in one buffer of that length), until the end, an error or stopAt.
 */
class BodyRead {
  private chunks: Buffer[] = [];
  private readonly blocks: Buffer[] = [];
  private whole: Buffer | undefined;
  private size = 0;
  private done = false;

  constructor(
    private readonly body: Readable,
    private readonly stopAt: number,
    private readonly pool: BlockPool,
    private readonly resolve: (read: CappedBody) => void,
    private readonly reject: (error: Error) => void,
    whole: Buffer | undefined,
  ) {
    this.whole = whole;
  }

  private copyIn(chunk: Buffer): void {
    for (let at = 0; at < chunk.length; ) {
      const inBlock = this.size % this.pool.blockBytes;
      if (inBlock === 0) this.blocks.push(this.pool.take());
      const copied = chunk.copy(this.blocks[this.blocks.length - 1] as Buffer, inBlock, at);
      at += copied;
      this.size += copied;
    }
  }

  /** the first `length` bytes read, in a buffer of their own; every block and chunk is let go */
  private taken(length: number): Buffer {
    let bytes: Buffer;
    const { whole, blocks, pool } = this;
    if (whole !== undefined) bytes = length === whole.length ? whole : Buffer.from(whole.subarray(0, length));
    else if (blocks.length === 0) bytes = Buffer.concat(this.chunks, length);
    else {
      bytes = Buffer.allocUnsafe(length);
      for (let i = 0, at = 0; at < length; i++) at += (blocks[i] as Buffer).copy(bytes, at, 0, Math.min(pool.blockBytes, length - at));
    }
    this.chunks = [];
    pool.give(blocks);
    return bytes;
  }

  private settle(read: CappedBody): void {
    this.done = true;
    this.resolve(read);
  }

  data(chunk: Buffer): void {
    if (this.done) return;
    if (this.whole !== undefined && this.size + chunk.length <= this.whole.length) {
      this.size += chunk.copy(this.whole, this.size);
      return;
    }
    if (this.whole !== undefined) {
      // longer than it said: read on as a body of no declared length
      this.chunks = [this.whole.subarray(0, this.size)];
      this.whole = undefined;
    }
    if (this.size + chunk.length > this.stopAt) return this.cut(chunk);
    if (this.blocks.length === 0 && this.size + chunk.length <= this.pool.keptAsChunks) {
      this.chunks.push(chunk);
      this.size += chunk.length;
      return;
    }
    if (this.blocks.length === 0) {
      // past the first 64 KiB: what was kept as chunks moves into blocks, and so does everything after it
      const kept = this.chunks;
      this.chunks = [];
      this.size = 0;
      for (const c of kept) this.copyIn(c);
    }
    this.copyIn(chunk);
  }

  /** The chunk that goes past stopAt: the read ends there, and the connection is dropped. */
  private cut(chunk: Buffer): void {
    const part = chunk.subarray(0, this.stopAt - this.size);
    if (this.blocks.length > 0) this.copyIn(part);
    else {
      this.chunks.push(part);
      this.size += part.length;
    }
    this.body.destroy();
    // past the cap the answer is judged by its status alone: only the start that evidence shows is copied out
    this.settle({ bytes: this.taken(Math.min(this.stopAt, TRUNCATED_KEPT_BYTES)), truncated: true });
    dropped(this.size);
  }

  end(): void {
    if (this.done) return;
    // the socket's chunks copied into one buffer are garbage as much as those of a cut read
    const copied = this.whole !== undefined || this.blocks.length > 0;
    this.settle({ bytes: this.taken(this.size), truncated: false });
    if (copied) dropped(this.size, true);
  }

  error(error: Error): void {
    if (this.done) return;
    this.done = true;
    this.chunks = [];
    this.whole = undefined;
    this.pool.give(this.blocks);
    this.reject(error);
  }
}

/**
 * Reads a body up to `cap` bytes; past it, keeps the start (TRUNCATED_KEPT_BYTES) and drops the connection.
 * A body that declares itself longer than the cap (`declared`: its Content-Length, when no coding changes the
 * length) is past it once that start has come: reading on to the cap would judge nothing more. Data events
 * rather than async iteration: a third of the cost per answer, by profile.
 */
export function readCapped(body: Readable, cap: number, declared?: number, pool: BlockPool = SHARED): Promise<CappedBody> {
  // (a cap under what evidence keeps stops it at the cap: the body is past it all the same)
  const stopAt = declared !== undefined && declared > cap ? Math.min(cap, TRUNCATED_KEPT_BYTES) : cap;
  return new Promise((resolve, reject) => {
    // a length declared within the cap is read into one buffer of that length: no block, no copy out of blocks
    const whole = declared !== undefined && declared <= cap && declared > pool.keptAsChunks ? Buffer.allocUnsafe(declared) : undefined;
    const read = new BodyRead(body, stopAt, pool, resolve, reject, whole);
    body.on('data', (chunk: Buffer) => read.data(chunk));
    body.on('end', () => read.end());
    body.on('error', (error) => read.error(error));
  });
}
