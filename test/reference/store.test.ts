// The store a reference deployment starts with, pinned whole: every resource, id, field and byte the seeding
// makes, under the seeded ids and under unusual ones (the host name of a logged request is made of its id).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededFixtures, seededStore, type Store } from '../../reference/store.ts';
import { UNUSUAL_IDS } from '../support/unusual-ids.ts';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

/** The store as JSON, its maps and sets as their entries in order; and the sha256 of that text. */
function fingerprint(store: Store): { json: string; sha256: string } {
  const json = JSON.stringify(store, (_key, value: unknown) => (value instanceof Map || value instanceof Set ? [...value] : value));
  return { json, sha256: createHash('sha256').update(json).digest('hex') };
}

describe('the seeded store', () => {
  it('is the same to the byte under the seeded ids', () => {
    const { json, sha256 } = fingerprint(seededStore(NOW));
    expect(sha256, json).toBe('cbb19d09daa00add0deeaf5ef5f119d5869c9fd1a0fb768cba74890213a54437');
  });

  it('is the same to the byte under ids outside ASCII and with reserved characters', () => {
    const { json, sha256 } = fingerprint(seededStore(NOW, { ...seededFixtures(), ...UNUSUAL_IDS }));
    expect(sha256, json).toBe('b45fa6c83b3c959d926c97806fe07367f732f32004171cdef5eb484ec48e1899');
  });
});
