// Two answers compared as the words fix them (src/judge/same.ts): as JSON values, in the members the interface names.
import { describe, expect, test } from 'vitest';
import { namedMembers, sameAnswer, sameJson } from '../../src/judge/same.ts';

const organisation = {
  id: 'org-1',
  name: 'Example Ltd',
  aclSubject: 's',
  aclObject: 'o',
  emailAddress: 'a@example.com',
  links: { self: '/v1/organisations/org-1' },
};

describe('sameJson', () => {
  test('numbers by value, whatever their notation: -0 is 0, 8.0 is 8, 4.04E2 is 404', () => {
    expect(sameJson(JSON.parse('{"a":-0,"b":8.0,"c":4.04E2}'), { a: 0, b: 8, c: 404 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
  });

  test('members in any order, items in theirs', () => {
    expect(sameJson({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameJson({ b: [2, 1] }, { b: [1, 2] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('sameAnswer', () => {
  test('a member beside the wrapper, or inside the resource, that the interface does not name is not compared', () => {
    const a = { organisation: { ...organisation, servedBy: 'node-1' }, meta: { requestId: 'r-1' } };
    const b = { meta: { requestId: 'r-2' }, organisation: { ...organisation, servedBy: 'node-2' } };
    expect(sameAnswer('getOrganisation', a, b)).toBe(true);
    expect(namedMembers('getOrganisation', a)).toEqual({ organisation });
  });

  test('a member the interface names that differs is counted', () => {
    expect(sameAnswer('getOrganisation', { organisation }, { organisation: { ...organisation, emailAddress: 'b@example.com' } })).toBe(false);
    expect(sameAnswer('getOrganisation', { organisation }, { organisation: { ...organisation, links: { self: '/v1/organisations/org-2' } } })).toBe(false);
  });

  test("the logged request's headers and cookies are data: every one of them is compared", () => {
    const logged = (headers: Record<string, string>) => ({ id: 'x', request: { headers, url: '/' }, responseDefinition: { status: 200 }, meta: 1 });
    expect(sameAnswer('getLoggedRequest', logged({ A: '1' }), { ...logged({ A: '1' }), meta: 2 })).toBe(true);
    expect(sameAnswer('getLoggedRequest', logged({ A: '1' }), logged({ A: '1', B: '2' }))).toBe(false);
  });
});
