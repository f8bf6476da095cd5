// Echo checks: an answer holds every field that was sent, with the value sent; extra fields are allowed.
import type { CheckContext } from '../check.ts';
import type { RequirementId } from '../requirements.ts';

/** Every field sent comes back with the value sent (extra fields are allowed). */
export function expectEcho(t: CheckContext, id: RequirementId, sent: unknown, got: unknown, path: string): void {
  if (sent !== null && typeof sent === 'object') {
    if (!t.expect(got !== null && typeof got === 'object' && Array.isArray(got) === Array.isArray(sent), id, `${path} echoed as ${Array.isArray(sent) ? 'an array' : 'an object'}`, () => JSON.stringify(got))) return;
    if (Array.isArray(sent) && !t.expect((got as unknown[]).length === sent.length, id, `${path} with ${sent.length} items`, () => JSON.stringify(got))) return;
    for (const [key, value] of Object.entries(sent)) expectEcho(t, id, value, (got as Record<string, unknown>)[key], `${path}.${key}`);
    return;
  }
  t.expect(Object.is(sent, got) || sent === got, id, `${path} = ${JSON.stringify(sent)} (as sent)`, () => `${path} = ${JSON.stringify(got)}`);
}
