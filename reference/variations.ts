// Variations mode: behaviour the interface allows or leaves open that a careful implementation might choose,
// all switched on at once, to show that the conformance checks accept every allowed answer rather than the
// reference deployment's own habits. Unlike a fault, no variation breaks a statement of the interface.
//
// On: media types carry `; charset=utf-8`; every JSON object carries an unknown extra field and its keys in
// reverse order; a rejected body is 422 instead of 400; deletes answer 200 with a JSON body; the push job is
// still RUNNING (no finished, no outcome) with the jobType open-api-git-push; outOfSyncPolicy is held to the
// reference's own values (handlers/push.ts); httpErrors is echoed highest first without repeats; the 401
// text is worded differently; data source versions step by 7; timestamps carry more fractional digits; a 404
// where the interface shows no error body has no body, and one where it shows the not-found body carries a German
// message with 404 in it; the `Token` scheme is matched case-insensitively; the routes hold the mockApiId to its
// length, so a path with one out of range is answered 405.
import { mockApiIdFits } from '../contract/limits.ts';
import type { Json } from '../contract/schemas.ts';
import type { Reply } from './responses.ts';
import type { Match } from './router.ts';

export const VARIATIONS_VARIABLE = 'MOCKAPI_REFERENCE_VARIATIONS';

export class VariationsValueError extends Error {}

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['', '0', 'false', 'no', 'off']);

/** The option when given, else MOCKAPI_REFERENCE_VARIATIONS (1/true/yes/on or 0/false/no/off; empty is off). */
export function variationsOn(option: boolean | undefined, value: string | undefined = process.env[VARIATIONS_VARIABLE]): boolean {
  if (option !== undefined) return option;
  const text = (value ?? '').trim().toLowerCase();
  if (ON.has(text)) return true;
  if (OFF.has(text)) return false;
  throw new VariationsValueError(`${VARIATIONS_VARIABLE} must be 1 or 0, not '${value}'`);
}

export const CHARSET = '; charset=utf-8';

/** The name of the unknown field every JSON object carries. */
export const EXTRA_FIELD = 'x-variation';

// Objects whose keys are data rather than fields: an error entry's source must stay empty, and headers,
// cookies and transformer parameters are the logged request's own.
const DATA_OBJECTS = new Set(['source', 'headers', 'cookies', 'transformerParameters']);

/** Every object with its keys in reverse order and an unknown field first; data objects left as they are. */
export function varyJson(value: Json, key?: string): Json {
  if (Array.isArray(value)) return value.map((item) => varyJson(item, key));
  if (value === null || typeof value !== 'object') return value;
  if (key !== undefined && DATA_OBJECTS.has(key)) return value;
  const varied: { [key: string]: Json } = { [EXTRA_FIELD]: key === undefined ? 'top level' : `in ${key}` };
  for (const name of Object.keys(value).reverse()) varied[name] = varyJson(value[name]!, name);
  return varied;
}

/** A 400 rejection of the body as 422, its entries and their shape unchanged but for the code. */
export function unprocessable(reply: Reply): Reply {
  if (reply.status !== 400) return reply;
  const body = reply.json as { errors?: Json[] } | undefined;
  const errors = body?.errors?.map((entry) =>
    entry !== null && typeof entry === 'object' && !Array.isArray(entry) && entry.code === 400 ? { ...entry, code: 422 } : entry,
  );
  return { ...reply, status: 422, ...(errors ? { json: { ...body, errors } } : {}) };
}

/**
 * Routes that hold the mockApiId to its length (Limits), beside the OPTIONS a framework answers on every path: a path
 * whose mockApiId is out of range is no instance of a documented one, so it reaches no operation and is answered 405.
 */
export function lengthBoundRoute(match: Match): Match {
  if (match.kind !== 'operation' || match.params.mockApiId === undefined || mockApiIdFits(match.params.mockApiId)) return match;
  return { kind: 'method-not-allowed', allowed: ['OPTIONS'] };
}
