// Hand-made exchanges and a judge to read them, for the unit tests of the judging core (test/judge/).
import { Judge } from '../../src/judge/judge.ts';
import type { Exchange } from '../../src/http/client.ts';

/** An answer as the client gives it: `body` as JSON text (a string is sent as it is), parsed when it parses; null: no Content-Type. */
export function exchange(status: number, body: unknown, contentType: string | null = 'application/json'): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    method: 'GET',
    url: 'http://127.0.0.1:9/v1/x',
    requestHeaders: {},
    requestBody: undefined,
    status,
    headers: contentType === null ? {} : { 'content-type': contentType },
    mediaType: contentType === null ? undefined : contentType.split(';')[0]!.trim(),
    bytes: Buffer.from(text),
    truncated: false,
    text,
    json,
    durationMs: 1,
  };
}

/** A judge of a live deployment (or of a mock), that sends nothing. */
export const judge = (profile: 'live' | 'mock' = 'live') => new Judge('ORG-RESPONSE', { profile, fixtures: {} });

/** What a judge found: requirement, expected and actual of each violation, in order. */
export const found = (t: Judge) => t.violations.map((v) => [v.requirement, v.expected, v.actual]);
