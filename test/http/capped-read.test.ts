// readCapped on its own (src/http/capped-read.ts): whatever the chunks, the bytes given back are the body's, or
// its start once past the cap; blocks taken from the pool all go back to it, whether the read ends, is cut or
// breaks. A pool of tiny blocks makes every path (chunks only, chunks moved into blocks, a chunk across blocks)
// reachable with bodies of a few hundred bytes.
import { Readable } from 'node:stream';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { BlockPool, readCapped, TRUNCATED_KEPT_BYTES } from '../../src/http/capped-read.ts';
import { propertySeed } from '../support/seed.ts';

const seed = propertySeed('capped-read');
const params = { seed, numRuns: 300 };

/** A pool that counts what it handed out, so that a test can say every block came back. */
class CountingPool extends BlockPool {
  taken = 0;
  given = 0;
  readonly handedOut: Buffer[] = [];
  override take(): Buffer {
    this.taken++;
    const block = super.take();
    this.handedOut.push(block);
    return block;
  }
  override give(blocks: Buffer[]): void {
    this.given += blocks.length;
    super.give(blocks);
  }
}

const chunksOf = fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 20 }).map((parts) => parts.map((p) => Buffer.from(p)));

test.prop([chunksOf, fc.integer({ min: 1, max: 400 }), fc.boolean()], params)(
  'gives back the whole body up to the cap, and only its start past it, through any chunks and blocks',
  async (chunks, cap, declare) => {
    const body = Buffer.concat(chunks);
    const pool = new CountingPool(16, 4, 24);
    const read = await readCapped(Readable.from(chunks), cap, declare ? body.length : undefined, pool);
    // a declared length past the cap stops the read once the start evidence keeps has come (here: at the cap)
    if (body.length <= cap) expect(read).toEqual({ bytes: body, truncated: false });
    else expect(read).toEqual({ bytes: body.subarray(0, Math.min(cap, TRUNCATED_KEPT_BYTES)), truncated: true });
    expect(pool.given).toBe(pool.taken);
    expect(pool.freeCount).toBeLessThanOrEqual(4);
  },
);

test('a body declared past the cap is cut once the start evidence keeps has come, not at the cap', async () => {
  const chunks = Array.from({ length: 4 }, (_, i) => Buffer.alloc(TRUNCATED_KEPT_BYTES / 2, 0x61 + i));
  const pool = new CountingPool(1024, 4, 1024);
  const read = await readCapped(Readable.from(chunks), 10 * TRUNCATED_KEPT_BYTES, 100 * TRUNCATED_KEPT_BYTES, pool);
  expect(read.truncated).toBe(true);
  expect(read.bytes).toEqual(Buffer.concat(chunks).subarray(0, TRUNCATED_KEPT_BYTES));
});

test('a body longer than the length it declared is read whole all the same, into blocks', async () => {
  const chunks = [Buffer.alloc(30, 0x61), Buffer.alloc(30, 0x62), Buffer.alloc(30, 0x63)];
  const pool = new CountingPool(16, 8, 8);
  const read = await readCapped(Readable.from(chunks), 1000, 40, pool);
  expect(read).toEqual({ bytes: Buffer.concat(chunks), truncated: false });
  expect(pool.given).toBe(pool.taken);
});

test('a body that breaks after it took blocks gives them all back and rejects with its error', async () => {
  const pool = new CountingPool(16, 8, 8);
  const broken = new Readable({ read() {} });
  const reading = readCapped(broken, 1000, undefined, pool);
  broken.push(Buffer.alloc(50, 0x20));
  await new Promise((resolve) => setImmediate(resolve));
  expect(pool.taken).toBe(4);
  broken.destroy(new Error('the connection was reset'));
  await expect(reading).rejects.toThrow('the connection was reset');
  expect(pool.given).toBe(4);
  expect(pool.freeCount).toBe(4);
});

test('blocks given back are taken again by the next read, and no more than the pool keeps wait unused', async () => {
  const pool = new CountingPool(16, 2, 8);
  await readCapped(Readable.from([Buffer.alloc(100, 0x20)]), 1000, undefined, pool);
  expect(pool.taken).toBe(7);
  expect(pool.freeCount).toBe(2);
  const first = pool.handedOut.slice();
  const again = Buffer.alloc(30, 0x21);
  expect(await readCapped(Readable.from([again]), 1000, undefined, pool)).toEqual({ bytes: again, truncated: false });
  // the two blocks kept from the first read served the second (same buffers), and came back
  expect(pool.handedOut.slice(7)).toHaveLength(2);
  for (const block of pool.handedOut.slice(7)) expect(first).toContain(block);
  expect(pool.freeCount).toBe(2);
});
