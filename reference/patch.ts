// The named points where a fault or a freedom changes the reference deployment. The deployment itself (server.ts
// and handlers/) is the plain correct implementation; at each point below it hands what it decided to the
// patches switched on, the freedoms' first and then the faults' (a fault has the last word), in order, and goes
// on with what they give back. Without either, every point gives back what it was handed.
//
//   ids     the ids the fixtures' resources are seeded under
//   seed    the data the deployment starts with
//   route   which operation a request's method and path reach (or none: 404, 405); moveOperation serves one elsewhere
//   access  who may call: the verdict on the credentials, which carry the request's url and headers (or an answer in its place)
//   params  the ids a path carries, as the deployment reads them
//   found   the resource a path names (undefined: none)
//   read    how a body is read before the rules are held to it (undefined: not JSON)
//   rules   the rules a body breaks (a problem left out is overlooked; one added is made up)
//   pause   a wait between reading an accepted body and looking the resource up to change it (a slow store)
//   write   what the deployment keeps of a resource after a request on it (undefined: removed)
//   land    when an accepted request's change is kept: at once (0), or that many ms after its answer is decided, made
//           again then (write asked again) of what is kept by then, so that a read before still shows it unchanged
//   reply   the answer as decided
//   send    the answer as written: its status, header names and values, and the bytes of its body as text
import type { IncomingHttpHeaders } from 'node:http';
import type { Fixtures } from '../contract/fixtures.ts';
import type { RequirementId } from '../contract/requirements.ts';
import type { Json, OperationId } from '../contract/schemas.ts';
import type { Keys, Verdict } from './auth.ts';
import type { ErrorEntry, Reply } from './responses.ts';
import { shiftedTimestamp } from './clock.ts';
import { createRouter, type Match, type Moves } from './router.ts';
import type { LoggedRequest, Store } from './store.ts';

/**
 * The credentials of a request: the header as sent, its scheme and key where it has both, and the deployment's
 * keys; the request's target and headers as received, for a fault that looks for a key elsewhere.
 */
interface Credentials {
  authorization: string | undefined;
  scheme?: string;
  key?: string;
  keys: Keys;
  /** path and query as received */
  url: string;
  headers: IncomingHttpHeaders;
}

/** One request as the deployment has understood it so far. */
export interface Call {
  /** undefined: the path names no operation */
  operation: OperationId | undefined;
  method: string;
  /** path parameters, decoded */
  params: Record<string, string>;
  /** the body's bytes as received (empty where none was read) */
  bytes: Buffer;
  /** the body as sent, when it was JSON: also when it was not accepted */
  json?: Json;
  /** the problems found in the body once it was held to the rules (empty: accepted); unset before, or when it never got that far */
  problems?: Problem[];
  /** set once the body was read: whether it was refused (not JSON, nested too deep, or problems found) */
  refused?: boolean;
  store: Store;
}

/** A rule of the interface that a request body breaks. */
export interface Problem {
  /** JSON pointer of the value at fault; for a missing property, where it belongs */
  pointer: string;
  /** the rule: a JSON Schema keyword (required, type, minimum, maximum, ...) or 'rows' (contract/rows.ts) */
  keyword: string;
  /** the value at the pointer, where there is one */
  value?: Json;
  /** required and type: the type required; any other rule: what it says, in words */
  expected: string;
}

/** An answer as it goes on the wire: what `send` patches change. */
export interface Written {
  status: number;
  headers: Record<string, string>;
  /** the body as text; undefined: none */
  payload?: string;
}

export interface Patch {
  ids?(ids: Required<Fixtures>): Required<Fixtures>;
  seed?(store: Store, fixtures: { requestId: string }): void;
  route?(request: { method: string; url: string }, match: Match): Match;
  access?(call: Call, verdict: Verdict, credentials: Credentials): Verdict | Reply;
  params?(call: Call, params: Record<string, string>): Record<string, string>;
  found?(call: Call, found: unknown): unknown;
  read?(call: Call, body: Json | undefined): Json | undefined;
  rules?(call: Call, problems: Problem[], body: Json): Problem[];
  pause?(call: Call): Promise<void>;
  /** accepted: false for a body that was not accepted (before and after are then the same resource) */
  write?(call: Call, before: unknown, after: unknown, accepted: boolean): unknown;
  /** ms: when the patches before have it land (0: at once) */
  land?(call: Call, ms: number): number;
  /** resource: as kept after the request (undefined where there is none) */
  reply?(call: Call, reply: Reply, resource: unknown): Reply;
  send?(call: Call, written: Written): Written;
}

/**
 * A named deviation from the interface. It breaks `breaks` and nothing else the checks can see, except the
 * requirements in `alsoBreaks`, which a deployment that has the fault cannot help breaking too (each with why);
 * the fault matrix fails on any other.
 */
export interface Fault {
  name: string;
  breaks: RequirementId;
  alsoBreaks?: Partial<Record<RequirementId, string>>;
  /**
   * The statement of the ledger (contract/statements.ts, by id) whose words the fault breaks, where its requirement
   * judges several statements: the ledger then counts the fault for that statement alone, not for every statement
   * of its requirement nor for those of its alsoBreaks, which follow from breaking this one.
   */
  statement?: string;
  /**
   * Where alone the fault shows, when no hand-written check reaches it (the fault matrix holds it to that):
   * 'generated payloads': only generated payloads (properties/) come close enough to it;
   * 'sequences': only a sequence of requests shows it (a step after another, requests that overlap), so no single
   * request or exchange does, and only the model-based checks (properties/sequences.ts) may catch it.
   */
  seenIn?: 'generated payloads' | 'sequences';
  /**
   * What alone shows a fault that hand-written checks catch but no single request sent in order does: requests
   * that overlap (the run's delete sent twice at once), or time passing after a request (the end-of-run check of
   * a delete). The probes of the fault tests are such requests, so they may show nothing; its deviation shows it.
   */
  shownOnlyBy?: 'requests sent together' | 'time passing';
  description: string;
  patch: Patch;
}

/** Declares a fault; its file is reference/faults/<name>.ts and exports it as default. */
export const fault = (definition: Fault): Fault => definition;

/**
 * A named answer the interface allows that the reference does not give on its own: the most different answer the
 * words of the statements it `bends` (ids of the ledger, contract/statements.ts) still allow, and no other change.
 * Unlike a fault it breaks nothing, so every check passes with it on, alone or with every other freedom.
 */
export interface Freedom {
  name: string;
  /** the statements of the ledger whose words it bends, by id */
  bends: readonly string[];
  description: string;
  patch: Patch;
}

/** Declares a freedom; its file is reference/freedoms/<name>.ts and exports it as default. */
export const freedom = (definition: Freedom): Freedom => definition;

/** Every point of the switches given (freedoms, then faults), composed in order; a point none patches gives back what it is handed. */
export function compose(switches: readonly { patch: Patch }[]): Required<Patch> {
  const patches = switches.map((f) => f.patch);
  return {
    ids: (ids) => patches.reduce((v, p) => p.ids?.(v) ?? v, ids),
    seed: (store, fixtures) => {
      for (const p of patches) p.seed?.(store, fixtures);
    },
    route: (request, match) => patches.reduce((m, p) => (p.route ? p.route(request, m) : m), match),
    access: (call, verdict, credentials) =>
      patches.reduce<Verdict | Reply>((v, p) => (typeof v === 'string' && p.access ? p.access(call, v, credentials) : v), verdict),
    params: (call, params) => patches.reduce((v, p) => p.params?.(call, v) ?? v, params),
    found: (call, found) => patches.reduce((v, p) => (p.found ? p.found(call, v) : v), found),
    read: (call, body) => patches.reduce((v, p) => (p.read ? p.read(call, v) : v), body),
    rules: (call, problems, body) => patches.reduce((v, p) => p.rules?.(call, v, body) ?? v, problems),
    pause: async (call) => {
      for (const p of patches) await p.pause?.(call);
    },
    write: (call, before, after, accepted) => patches.reduce((v, p) => (p.write ? p.write(call, before, v, accepted) : v), after),
    land: (call, ms) => patches.reduce((v, p) => p.land?.(call, v) ?? v, ms),
    reply: (call, reply, resource) => patches.reduce((v, p) => p.reply?.(call, v, resource) ?? v, reply),
    send: (call, written) => patches.reduce((v, p) => p.send?.(call, v) ?? v, written),
  };
}

/** The methods served at the path of a request of `method`, by what its match says. */
const methodsAt = (method: string, match: Match): string[] =>
  match.kind === 'operation' ? [method, ...match.allowed] : match.kind === 'method-not-allowed' ? match.allowed : [];

/**
 * A route patch that serves `id` at another method or path, as if the interface put it there: its documented method
 * and path reach it no more (405 where the path still serves other methods, else 404), and where it moved, they do.
 * A match is rewritten only by the methods the move takes from its path or brings to it, so that moves compose.
 */
export function moveOperation(id: OperationId, to: NonNullable<Moves[OperationId]>): NonNullable<Patch['route']> {
  const documented = createRouter();
  const moved = createRouter({ [id]: to });
  return ({ method, url }, match) => {
    const [was, now] = [methodsAt(method, documented(method, url)), methodsAt(method, moved(method, url))];
    const gone = was.filter((m) => !now.includes(m));
    const come = now.filter((m) => !was.includes(m));
    if (gone.length === 0 && come.length === 0) return match;
    const reached = moved(method, url);
    const served = reached.kind === 'operation' && reached.id === id ? reached : match.kind === 'operation' && !gone.includes(method) ? match : undefined;
    const allowed = [...methodsAt(method, match).filter((m) => m !== method && !gone.includes(m)), ...come.filter((m) => m !== method)];
    if (served) return { ...served, allowed };
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'no-route' };
  };
}

/**
 * What a deployment that moves an operation cannot help breaking besides, as it routes a request before it reads the
 * credentials: the documented method and path are answered 405 whatever the key, also where the interface answers
 * 401 or 403, and only the full key's request, or one without credentials, stands for the route (unservedFirst).
 */
export const MOVED_ALSO_BREAKS: Fault['alsoBreaks'] = {
  'AUTH-401-INVALID': 'a request with a key that is not valid is answered 405, where 401 is due',
  'AUTH-401-MISSING': 'the key in a query parameter without Authorization is answered 405, where 401 is due',
  'AUTH-403': 'the key without permission is answered 405, where 403 is due',
  'AUTH-403-BODY': 'the answer to the key without permission is a 405, not the Forbidden error list',
};

/** State a fault keeps beside a deployment's store (one per deployment started), made on first use. */
export function perStore<T>(make: () => T): (store: Store) => T {
  const states = new WeakMap<Store, T>();
  return (store) => {
    if (!states.has(store)) states.set(store, make());
    return states.get(store)!;
  };
}

/** True when the value is a JSON object (not an array, not null): a helper for patches that read bodies. */
export function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type JsonObject = { [key: string]: Json };

/**
 * A successful JSON answer with its resource changed: the one under `wrapper`, or the whole body when
 * wrapper is undefined. The change works on a copy, so that a patch of an answer never changes what the
 * deployment keeps.
 */
export function changeResource(reply: Reply, wrapper: string | undefined, change: (resource: JsonObject) => Json): Reply {
  if (reply.status >= 300 || !isObject(reply.json)) return reply;
  const json = structuredClone(reply.json);
  if (wrapper === undefined) return { ...reply, json: change(json) };
  const resource = json[wrapper];
  return isObject(resource) ? { ...reply, json: { ...json, [wrapper]: change(resource) } } : reply;
}

/**
 * An answer to getOrganisation or updateOrganisation with one link of its organisation changed to what `to`
 * makes of the organisation and that link (on a copy); any other answer is given back as it is.
 */
export function changeOrganisationLink(call: Call, reply: Reply, key: string, to: (organisation: JsonObject, link: string) => Json): Reply {
  if (call.operation !== 'getOrganisation' && call.operation !== 'updateOrganisation') return reply;
  return changeResource(reply, 'organisation', (organisation) => {
    const links = organisation.links as JsonObject;
    return { ...organisation, links: { ...links, [key]: to(organisation, String(links[key])) } };
  });
}

/** The verdict of the first valid key (the full key first) that a key is taken for, by `like`. */
export function verdictOfKeyLike(keys: Keys, like: (key: string) => boolean): Verdict | undefined {
  if (like(keys.token)) return 'permitted';
  if (like(keys.forbiddenToken)) return 'forbidden';
  return undefined;
}

/**
 * An error list answer with each entry changed (on a copy); entries alike once changed are one entry, as the
 * deployment keeps one of each. Any other answer is given back as it is.
 */
export function changeEntries(reply: Reply, change: (entry: ErrorEntry, index: number) => ErrorEntry): Reply {
  if (!isObject(reply.json) || !Array.isArray(reply.json.errors)) return reply;
  const changed = (structuredClone(reply.json.errors) as ErrorEntry[]).map(change);
  return { ...reply, json: { ...reply.json, errors: [...new Map(changed.map((entry) => [JSON.stringify(entry), entry])).values()] } };
}

/**
 * Requests on one resource that overlap, for faults that show only then: `enter` (at the pause point) counts a
 * request in and holds it `holdMs`, so that another sent at once arrives meanwhile; `leave` (at the reply point)
 * counts it out, and is true for the last one out of a group in which two or more were in at once.
 */
export function overlaps(holdMs: number): { enter(call: Call, key: string): Promise<void>; leave(call: Call): boolean } {
  const state = perStore(() => ({ inside: new Map<string, number>(), overlapped: new Set<string>() }));
  const entered = new WeakMap<Call, string>();
  return {
    async enter(call, key) {
      const { inside, overlapped } = state(call.store);
      inside.set(key, (inside.get(key) ?? 0) + 1);
      if (inside.get(key)! > 1) overlapped.add(key);
      entered.set(call, key);
      await new Promise((resolve) => setTimeout(resolve, holdMs));
    },
    leave(call) {
      const key = entered.get(call);
      if (key === undefined) return false;
      entered.delete(call);
      const { inside, overlapped } = state(call.store);
      const left = inside.get(key)! - 1;
      if (left > 0) {
        inside.set(key, left);
        return false;
      }
      inside.delete(key);
      return overlapped.delete(key);
    },
  };
}

/**
 * A JSON value with each string member of these names changed (on a copy), at any depth: for freedoms that write a
 * field of every answer another way (a timestamp, an id).
 */
export function changeMembers(value: Json, names: ReadonlySet<string>, change: (text: string, name: string) => Json): Json {
  if (Array.isArray(value)) return value.map((item) => changeMembers(item, names, change));
  if (!isObject(value)) return value;
  const changed: JsonObject = {};
  for (const [name, member] of Object.entries(value))
    changed[name] = typeof member === 'string' && names.has(name) ? change(member, name) : changeMembers(member, names, change);
  return changed;
}

/** An answer with its JSON body changed by `change`, where it has one. */
export const changeJson = (reply: Reply, change: (json: Json) => Json): Reply => (reply.json === undefined ? reply : { ...reply, json: change(reply.json) });

/** The media type a written answer carries, under whatever case a patch gave its header's name, and that name. */
export function contentType(written: Written): { name: string; value: string } | undefined {
  const name = Object.keys(written.headers).find((key) => key.toLowerCase() === 'content-type');
  return name === undefined ? undefined : { name, value: written.headers[name]! };
}

/** The answer as written with its Date header `ms` from the one a patch before wrote, or from now where none did: clock patches add up. */
export function shiftedDate(written: Written, ms: number): Written {
  const name = Object.keys(written.headers).find((key) => key.toLowerCase() === 'date');
  const { [name ?? 'Date']: was, ...others } = written.headers;
  const from = was === undefined ? Date.now() : Date.parse(was);
  return { ...written, headers: { ...others, Date: new Date(from + ms).toUTCString() } };
}

/** The fields that carry a time the deployment's clock wrote, as text (a logged request's loggedDateString is written from its loggedDate). */
const WRITTEN_TIMES = new Set(['lastUpdatedTime', 'started', 'finished']);

/**
 * A deployment whose whole clock stands `ms` (whole seconds) from the one the reference reads: its Date header, the
 * times it writes in bodies, and the time it logged a request at, all of one clock.
 */
export function clockOff(ms: number): Patch {
  return {
    found: (call, found) => {
      if (call.operation !== 'getLoggedRequest' || found === undefined) return found;
      const logged = found as LoggedRequest;
      return { ...logged, loggedDate: logged.loggedDate + ms };
    },
    reply: (_call, reply) => changeJson(reply, (json) => changeMembers(json, WRITTEN_TIMES, (text) => shiftedTimestamp(text, ms))),
    send: (_call, written) => shiftedDate(written, ms),
  };
}
