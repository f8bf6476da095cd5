// The mix of requests a conformance run sends, as recorded on the wire (bench/recorder.ts), so that the
// limit loop (bench/limit.ts) can send the very same requests. Keys are stored as placeholders and put back
// for the deployment the mix is replayed against, whose keys are new.
export interface RecordedRequest {
  method: string;
  /** as sent: path and query, already encoded */
  path: string;
  headers: Record<string, string>;
  /** base64; absent when the request had no body */
  body?: string;
}

export interface Keys {
  token: string;
  forbiddenToken: string;
}

const PLACEHOLDERS = { token: '$MOCKAPI_TOKEN', forbiddenToken: '$MOCKAPI_FORBIDDEN_TOKEN' } as const;

function replaceAll(text: string, pairs: [string, string][]): string {
  let out = text;
  // longest first, so that a key containing the other is replaced whole
  for (const [from, to] of [...pairs].sort((a, b) => b[0].length - a[0].length)) out = out.split(from).join(to);
  return out;
}

/** Header values with the run's keys replaced by placeholders. */
export function withPlaceholders(headers: Record<string, string>, keys: Keys): Record<string, string> {
  const pairs: [string, string][] = [[keys.token, PLACEHOLDERS.token], [keys.forbiddenToken, PLACEHOLDERS.forbiddenToken]];
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, replaceAll(value, pairs)]));
}

/** Header values with the placeholders replaced by the keys of the deployment the mix is sent to. */
export function withKeys(headers: Record<string, string>, keys: Keys): Record<string, string> {
  const pairs: [string, string][] = [[PLACEHOLDERS.forbiddenToken, keys.forbiddenToken], [PLACEHOLDERS.token, keys.token]];
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, replaceAll(value, pairs)]));
}
