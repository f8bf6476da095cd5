// The mix of requests a conformance run sends, as recorded on the wire (bench/recorder.ts), so that the
// limit loop (bench/limit.ts) can send the very same requests. Keys are stored as placeholders and put back
// for the deployment the mix is replayed against, whose keys are new.
import { Redactor } from '../src/http/client.ts';

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

/** Header values with the run's keys replaced by placeholders: the client's own redaction. */
export function withPlaceholders(headers: Record<string, string>, keys: Keys): Record<string, string> {
  const redactor = new Redactor({ $MOCKAPI_TOKEN: keys.token, $MOCKAPI_FORBIDDEN_TOKEN: keys.forbiddenToken });
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redactor.redact(value)]));
}

/** Header values with the placeholders replaced by the keys of the deployment the mix is sent to. */
export function withKeys(headers: Record<string, string>, keys: Keys): Record<string, string> {
  // neither placeholder contains the other, so the order of the two replacements does not matter
  const put = (value: string) => value.split('$MOCKAPI_FORBIDDEN_TOKEN').join(keys.forbiddenToken).split('$MOCKAPI_TOKEN').join(keys.token);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, put(value)]));
}
