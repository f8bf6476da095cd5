// What a run remembers (src/run/deletions.ts): a deletion is found again only for the same deployment, fixture
// and key, and the file holds a fingerprint of the key, never the key in any form.
import { describe, expect, test } from 'vitest';
import { deletedBefore, keyFingerprint, type Deletion } from '../../src/run/deletions.ts';

const KEY = 'k3y-Of+the/first=run';
const line = (over: Partial<Deletion>): Deletion => ({
  deployment: 'http://127.0.0.1:8080',
  fixture: 'MOCKAPI_DELETABLE_DATA_SOURCE_ID',
  resource: '/v1/data-sources/ds-1',
  key: keyFingerprint(KEY),
  deletedAt: '2026-11-24T10:00:00.000Z',
  status: 204,
  ...over,
});
const wanted = {
  deployment: 'http://127.0.0.1:8080',
  fixture: 'MOCKAPI_DELETABLE_DATA_SOURCE_ID',
  resource: '/v1/data-sources/ds-1',
  key: keyFingerprint(KEY),
};

describe('deletions remembered', () => {
  test('are found for the same deployment, fixture, resource and key: the last one', () => {
    const later = line({ deletedAt: '2026-11-24T11:00:00.000Z' });
    expect(deletedBefore([line({}), later], wanted)).toBe(later);
  });

  test('are not found for another key on the same base URL (a deployment restarted with new keys), another fixture variable or another deployment', () => {
    const deletions = [line({})];
    expect(deletedBefore(deletions, { ...wanted, key: keyFingerprint('another-key') })).toBeUndefined();
    expect(deletedBefore(deletions, { ...wanted, fixture: 'MOCKAPI_TEAM_MEMBER_ID' })).toBeUndefined();
    expect(deletedBefore(deletions, { ...wanted, deployment: 'http://127.0.0.1:8081' })).toBeUndefined();
    expect(deletedBefore(deletions, { ...wanted, resource: '/v1/data-sources/ds-2' })).toBeUndefined();
  });

  test('lines written before keys were fingerprinted match any key, so an older file still says what it consumed', () => {
    const { key: _, ...old } = line({});
    expect(deletedBefore([old], { ...wanted, key: keyFingerprint('another-key') })).toEqual(old);
  });

  test('the fingerprint is stable, tells keys apart, and holds the key in no form', () => {
    const fingerprint = keyFingerprint(KEY);
    expect(fingerprint).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(keyFingerprint(KEY)).toBe(fingerprint);
    expect(keyFingerprint(`${KEY}x`)).not.toBe(fingerprint);
    expect(keyFingerprint(undefined)).not.toBe(fingerprint);
    for (const form of [KEY, Buffer.from(KEY).toString('hex'), Buffer.from(KEY).toString('base64'), encodeURIComponent(KEY)])
      expect(fingerprint).not.toContain(form.slice(0, 8));
  });
});
