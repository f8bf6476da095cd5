// The one rule of what a path segment is: the proxy refuses a request target that climbs out of its upstream's base
// path (src/recorded/proxy.ts), and a run refuses a fixture id that would not stand as one segment of its own
// (src/run/config.ts). Ids become segments through encodeURIComponent (expandPath, contract/schemas.ts).

/**
 * Whether a request target's path holds a dot segment (RFC 3986 section 5.2.4), `.` or `..`, written plainly or
 * percent-encoded (`%2e%2e`), between slashes or backslashes (which URL parsers read as slashes), encoded or
 * not: resolved, it would climb out of the upstream's base path, so the proxy refuses it rather than forward it.
 */
export function hasDotSegment(target: string): boolean {
  const at = target.search(/[?#]/);
  const path = (at < 0 ? target : target.slice(0, at)).replace(/%2e/gi, '.').replace(/%2f|%5c|\\/gi, '/');
  return path.split('/').some((segment) => segment === '.' || segment === '..');
}

/**
 * Whether an id stands as one path segment of its own: not empty, no dot segment in any form hasDotSegment reads
 * (`.`, `..`, `%2e`, behind a slash or a backslash), and its encodeURIComponent form left as it is by a URL
 * parser (WHATWG URL drops `.` and climbs on `..`; a lone surrogate cannot be encoded at all).
 */
export function isOwnSegment(id: string): boolean {
  if (id === '' || hasDotSegment(`/${id}`)) return false;
  let segment: string;
  try {
    segment = encodeURIComponent(id);
  } catch {
    return false;
  }
  return new URL(`http://host/a/${segment}/b`).pathname === `/a/${segment}/b`;
}
