// Whether checks that must run alone on a fixture did: from the first request such a check sent to a path to the
// last answer it had there, nobody else's request to that path was under way. What the run sent comes from a
// recording deployment (bench/recorder.ts), the sender of each from its User-Agent (src/http/client.ts).

export interface Sent {
  /** the check named in the User-Agent; undefined for a request sent outside a check (the run's probe) */
  check: string | undefined;
  method: string;
  /** the path without its query: one path, one fixture */
  path: string;
  /** when it arrived and when its answer was sent (ms) */
  start: number;
  end: number;
}

/** The check a request names in its User-Agent ("mockapi-conformance/0.1.0 (check <id>)"). */
export function senderOf(userAgent: string | undefined): string | undefined {
  return /\(check ([^)]+)\)/.exec(userAgent ?? '')?.[1];
}

/** Each request that was under way on a path while a check that must run alone there was: one line each. */
export function overlaps(sent: readonly Sent[], alone: ReadonlySet<string>): string[] {
  const spans = new Map<string, { check: string; path: string; start: number; end: number }>();
  for (const s of sent) {
    if (s.check === undefined || !alone.has(s.check)) continue;
    const key = `${s.check} ${s.path}`;
    const span = spans.get(key);
    if (span) {
      span.start = Math.min(span.start, s.start);
      span.end = Math.max(span.end, s.end);
    } else spans.set(key, { check: s.check, path: s.path, start: s.start, end: s.end });
  }
  const found: string[] = [];
  for (const span of spans.values()) {
    for (const s of sent) {
      if (s.path !== span.path || s.check === span.check || s.start >= span.end || s.end <= span.start) continue;
      found.push(`${s.method} ${s.path} by ${s.check ?? 'no check'} was under way while ${span.check} ran alone there (${s.start - span.start} ms into it)`);
    }
  }
  return found;
}
