// The route point on its own (Patch.route, moveOperation): a moved operation leaves its documented method and path,
// takes the new ones, and leaves every other match as the faults before it made it, so that moves compose.
import { describe, expect, test } from 'vitest';
import { compose, type Fault } from '../../reference/patch.ts';
import { createRouter } from '../../reference/router.ts';
import { loadFaults } from '../../reference/faults.ts';

const router = createRouter();
const routed = (faults: Fault[]) => {
  const patch = compose(faults);
  return (method: string, url: string) => patch.route({ method, url }, router(method, url));
};
const ORG = '/v1/organisations/o1';

describe('moveOperation', () => {
  test('serves the operation where it moved, and answers its documented method and path 405 with what is left', async () => {
    const route = routed(await loadFaults(['chaos-settings-under-patch']));
    const chaos = '/v1/mock-apis/abcde/settings/chaos';
    expect(route('PATCH', chaos)).toEqual({ kind: 'operation', id: 'updateChaosSettings', params: { mockApiId: 'abcde' }, allowed: [] });
    expect(route('PUT', chaos)).toEqual({ kind: 'method-not-allowed', allowed: ['PATCH'] });
    expect(route('GET', chaos)).toEqual({ kind: 'method-not-allowed', allowed: ['PATCH'] });
    expect(route('PUT', '/v1/mock-apis/abcde/settings/state')).toEqual(router('PUT', '/v1/mock-apis/abcde/settings/state'));
  });

  test('two moves at one path compose: each operation is where its fault put it, and Allow names only what is served', async () => {
    const route = routed(await loadFaults(['organisation-get-path-singular', 'organisation-update-under-patch']));
    expect(route('GET', '/v1/organisation/o1')).toEqual({ kind: 'operation', id: 'getOrganisation', params: { organisationId: 'o1' }, allowed: [] });
    expect(route('PATCH', ORG)).toEqual({ kind: 'operation', id: 'updateOrganisation', params: { organisationId: 'o1' }, allowed: [] });
    expect(route('PUT', ORG)).toEqual({ kind: 'method-not-allowed', allowed: ['PATCH'] });
    expect(route('GET', ORG)).toEqual({ kind: 'method-not-allowed', allowed: ['PATCH'] });
    expect(route('PUT', '/v1/organisation/o1')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
  });

  test('a path moved away from a path no other operation serves leaves no route there', async () => {
    const route = routed(await loadFaults(['organisation-get-path-singular', 'organisation-update-under-patch']));
    const reversed = routed(await loadFaults(['organisation-update-under-patch', 'organisation-get-path-singular']));
    for (const r of [route, reversed]) expect(r('DELETE', ORG)).toEqual({ kind: 'method-not-allowed', allowed: ['PATCH'] });
    expect(reversed('PUT', ORG)).toEqual({ kind: 'method-not-allowed', allowed: ['PATCH'] });
  });
});
