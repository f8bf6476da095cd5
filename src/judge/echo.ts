// Echo checks: an answer holds every field that was sent, with the value sent; extra fields are allowed.
import type { Judge } from './judge.ts';
import type { RequirementId } from '../../contract/requirements.ts';

/** A value as the message shows it: JSON, or "absent" where there is none (JSON.stringify gives undefined). */
const shown = (value: unknown): string => JSON.stringify(value) ?? 'absent';

/** Every field sent comes back with the value sent (extra fields are allowed). */
export function expectEcho(t: Judge, id: RequirementId, sent: unknown, got: unknown, path: string): void {
  if (sent !== null && typeof sent === 'object') {
    if (
      !t.expect(
        got !== null && typeof got === 'object' && Array.isArray(got) === Array.isArray(sent),
        id,
        `${path} echoed as ${Array.isArray(sent) ? 'an array' : 'an object'}`,
        () => shown(got),
      )
    )
      return;
    if (Array.isArray(sent) && !t.expect((got as unknown[]).length === sent.length, id, `${path} with ${sent.length} items`, () => shown(got))) return;
    for (const [key, value] of Object.entries(sent)) expectEcho(t, id, value, (got as Record<string, unknown>)[key], `${path}.${key}`);
    return;
  }
  t.expect(Object.is(sent, got) || sent === got, id, `${path} = ${JSON.stringify(sent)} (as sent)`, () => `${path} = ${shown(got)}`);
}

const statusesOf = (items: unknown): unknown[] | undefined =>
  Array.isArray(items) ? items.map((item) => (item !== null && typeof item === 'object' ? (item as { status?: unknown }).status : item)) : undefined;

/**
 * Chaos settings come back as sent, but for httpErrors: "HTTP error status codes to return at random" is a set
 * of statuses, so their order and any repetition are the deployment's to keep or not; the statuses are not.
 */
export function expectChaosEcho(t: Judge, id: RequirementId, sent: Record<string, unknown>, got: unknown, path = 'chaos'): void {
  if (!t.expect(got !== null && typeof got === 'object' && !Array.isArray(got), id, `${path} echoed as an object`, () => shown(got))) return;
  const answer = got as Record<string, unknown>;
  for (const [key, value] of Object.entries(sent)) {
    if (key !== 'httpErrors' || !Array.isArray(value)) {
      expectEcho(t, id, value, answer[key], `${path}.${key}`);
      continue;
    }
    const statuses = statusesOf(answer[key]);
    const want = [...new Set(statusesOf(value))].sort();
    const have = statuses && [...new Set(statuses)].sort();
    t.expect(
      JSON.stringify(have) === JSON.stringify(want),
      id,
      `${path}.httpErrors with the statuses ${JSON.stringify(want)} (in any order)`,
      () => `${path}.httpErrors = ${shown(answer[key])}`,
    );
    if (statuses && JSON.stringify(statuses) !== JSON.stringify(statusesOf(value)))
      t.note(
        `httpErrors came back as ${JSON.stringify(statuses)} for ${JSON.stringify(statusesOf(value))} sent: another order or without repeats, which the interface leaves open`,
      );
  }
}
