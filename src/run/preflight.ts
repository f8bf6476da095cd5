// The preflight: before any check, a few reads that change nothing (GET only) say whether the run is
// configured for this deployment at all: is the key accepted, is the base URL the interface, do the fixtures
// exist. A misconfiguration is one line and exit 5, not a hundred failed checks; a missing fixture ends the
// checks that need it errored, with a reason that names the variable. src/run/open-target.ts runs it after the probe.
import { FIXTURE_VARIABLES, type FixtureName, type Fixtures } from '../../contract/fixtures.ts';
import { expandPath, operation } from '../../contract/schemas.ts';
import { textStart, type Client, type Exchange } from '../http/client.ts';
import type { Redactor } from '../http/redactor.ts';
import { KEY_PROBE_PATH } from '../http/key-watch.ts';
import { quotedLine } from '../../contract/untrusted.ts';

/** A read of the preflight (a fixture's, or none: the probe's) and its answer. */
interface Answered {
  read?: { fixture: FixtureName; path: string; variables: string };
  exchange: Exchange;
}

/** What a line that finds the base URL is not the interface asks the user to check. */
const CHECK_BASE_URL = 'check MOCKAPI_BASE_URL or --base-url (the address the /v1 paths are under)';

export interface PreflightResult {
  /** one line: why the run cannot judge this deployment as configured (exit 5) */
  misconfigured?: string;
  /**
   * one line: the base URL answers as another service (anotherService), which is misconfigured unless an ancestor of
   * it is the interface (misplacedBase), whose line says more
   */
  anotherService?: string;
  /** fixtures a read found missing, with the reason the checks that need them end errored */
  missingFixtures: Partial<Record<FixtureName, string>>;
  /** fixtures a read found: a later 404 to them is the deployment's answer, judged (src/harness/fixture-ledger.ts) */
  foundFixtures?: FixtureName[];
  /** requests the preflight sent itself (the probe's are counted apart) */
  requests: number;
  /** how long each fixture read that got an answer took: samples of the latency, like the probe's (src/run/open-target.ts) */
  answeredMs: number[];
  /** the key was refused, and the run goes on because only AUTH-* checks run (--only '^AUTH-'): they judge it */
  keyRefused?: string;
}

/** How a line of ours shows a value a deployment sent (or a URL it was given): the keys redacted, quoted, one inert line, short. */
export type Quote = (value: string | undefined) => string;

/** Quote by the run's redactor (the client's: the keys and a proxy's password, in every form it knows), then the one rule (contract/untrusted.ts). */
export const quoteBy =
  (redactor: Pick<Redactor, 'redact'>): Quote =>
  (value) =>
    quotedLine(value ?? '', 80, (text) => redactor.redact(text));

const described = (e: Exchange, quoted: Quote) =>
  `${e.method} ${new URL(e.url).pathname} answered ${e.status}${e.mediaType ? ` ${quoted(e.mediaType)}` : ' without a Content-Type'}${e.status >= 300 && e.status < 400 && e.headers.location ? ` to ${quoted(e.headers.location)}` : ''}`;

/** The interface's not-found body (Errors, Not-found body): `{ code: number, message: string }`, code 404 for a missing resource. */
const isNotFoundBody = (json: unknown): boolean =>
  typeof json === 'object' && json !== null && (json as { code?: unknown }).code === 404 && typeof (json as { message?: unknown }).message === 'string';

/**
 * The base URL answers as another service: every fixture read is 404 and no 404 to a GET of an organisation (the
 * probe's made-up one, the fixture's) has the interface's not-found body, which the interface fixes for that
 * operation. Fixtures mistyped on the interface are 404 with that body: they do not exist, and are said so. A 404
 * to the logged request says nothing here: the interface shows no error body for that operation.
 */
function anotherService(answers: readonly Answered[], quoted: Quote): string | undefined {
  const reads = answers.filter((a) => a.read);
  if (reads.length === 0 || reads.some((a) => a.exchange.status !== 404)) return undefined;
  const organisations = answers.filter((a) => a.exchange.status === 404 && (a.read === undefined || a.read.fixture === 'organisationId'));
  if (organisations.length === 0 || organisations.some((a) => isNotFoundBody(a.exchange.json))) return undefined;
  const said = organisations.map(({ exchange: e }) => `${described(e, quoted)} ${e.text === '' ? 'with no body' : quoted(textStart(e, 200))}`);
  return `answers as some other service, not the interface: every fixture read was answered 404, and no 404 to a GET of an organisation has the interface's not-found body {code: 404, message} (${said.join('; ')})`;
}

/** The fixture reads: GETs of the fixtures a run may read without changing them (none for a mock: it keeps none). */
export function fixtureReads(fixtures: Fixtures, profile: 'live' | 'mock'): { fixture: FixtureName; path: string; variables: string }[] {
  const reads: { fixture: FixtureName; path: string; variables: string }[] = [];
  if (profile === 'mock') return reads;
  if (fixtures.organisationId) {
    reads.push({
      fixture: 'organisationId',
      path: expandPath(operation('getOrganisation').path, { organisationId: fixtures.organisationId }),
      variables: FIXTURE_VARIABLES.organisationId,
    });
  }
  if (fixtures.mockApiId && fixtures.requestId) {
    const path = expandPath(operation('getLoggedRequest').path, { mockApiId: fixtures.mockApiId, requestId: fixtures.requestId });
    reads.push({ fixture: 'requestId', path, variables: `${FIXTURE_VARIABLES.requestId} (or ${FIXTURE_VARIABLES.mockApiId})` });
  }
  return reads;
}

/**
 * Judges the probe's answer (a read of a made-up organisation, with the key) and the fixture reads. The key
 * is refused when any of them is answered 401: every check with the key would fail for it. The base URL is
 * not the interface when no answer is JSON and one is a web page, a redirect, a success for the made-up id,
 * or every fixture read is a 404: the interface answers JSON to each of these reads, or plain text to a 401.
 * With only AUTH-* checks to run (authOnly), a refused key does not stop the run: those checks judge the
 * deployment's answers to keys themselves, and a deployment that refuses valid keys gets their verdicts.
 */
export async function preflight(
  client: Client,
  target: { token: string | undefined; fixtures: Fixtures; profile: 'live' | 'mock'; via: string; authOnly: boolean },
  probe: Exchange,
): Promise<PreflightResult> {
  const reads = fixtureReads(target.fixtures, target.profile);
  const quoted = quoteBy(client.redactor);
  const answers: Answered[] = [{ exchange: probe }];
  for (const read of reads) answers.push({ read, exchange: await client.send({ method: 'GET', path: read.path }) });
  // an answer still transient after its waits (a maintenance window's 503) says nothing of the key or the base URL
  const answered = answers.filter((a) => a.exchange.status !== 0 && a.exchange.transient === undefined);
  const result: PreflightResult = { missingFixtures: {}, requests: reads.length, answeredMs: answered.filter((a) => a.read).map((a) => a.exchange.durationMs) };
  // the fixture's read first: the message names the resource the user gave
  const refused = answered.find((a) => a.read && a.exchange.status === 401) ?? answered.find((a) => a.exchange.status === 401);
  if (refused && target.token !== undefined) {
    result[target.authOnly ? 'keyRefused' : 'misconfigured'] =
      `the deployment answers 401 to GET ${new URL(refused.exchange.url).pathname} with the key given: check MOCKAPI_TOKEN or --token (if the key is right, the deployment refuses valid keys)`;
    if (!target.authOnly) return result;
  }
  // an answer that says it is JSON is the interface's to be judged on, even when its body is not
  const anyJson = answered.some((a) => a.exchange.json !== undefined || /[/+]json$/.test(a.exchange.mediaType ?? ''));
  const fixtureAnswers = answered.filter((a) => a.read);
  const notInterface =
    !anyJson &&
    answered.length > 0 &&
    (answered.some((a) => a.exchange.mediaType === 'text/html' || (a.exchange.status >= 300 && a.exchange.status < 400)) ||
      (probe.status >= 200 && probe.status < 300) ||
      (fixtureAnswers.length > 0 && fixtureAnswers.every((a) => a.exchange.status === 404)));
  if (notInterface) {
    result.misconfigured = `${target.via} does not answer as the interface: ${answered.map((a) => described(a.exchange, quoted)).join('; ')}, and no answer is JSON: ${CHECK_BASE_URL}`;
    return result;
  }
  const other = anotherService(answered, quoted);
  if (other !== undefined) result.anotherService = `${target.via} ${other}: ${CHECK_BASE_URL}`;
  for (const { read, exchange } of fixtureAnswers) {
    if (read && exchange.status >= 200 && exchange.status < 300) (result.foundFixtures ??= []).push(read.fixture);
    if (read && exchange.status === 404) {
      result.missingFixtures[read.fixture] =
        `the fixture does not exist: GET ${read.path} was answered 404 before the run; set ${read.variables} to one the deployment has`;
    }
  }
  return result;
}

/** The base URL's ancestors, nearest first: where the interface may be when it is not at the base URL given. */
function ancestors(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const segments = url.pathname.split('/').filter((s) => s !== '');
  return segments.map(
    (_, i) =>
      `${url.origin}${segments
        .slice(0, segments.length - 1 - i)
        .map((s) => `/${s}`)
        .join('')}`,
  );
}

/**
 * A base URL that is not the interface's root, said in one line that names the one to set: it ends in /v1, which
 * every path of the interface begins with, and the interface answers without it; or every fixture read under it is
 * 404 while under an ancestor one is found. `read` sends a GET with the key to a path under another base URL.
 */
export async function misplacedBase(
  baseUrl: string,
  result: PreflightResult,
  reads: readonly { path: string }[],
  read: (base: string, path: string) => Promise<Exchange>,
  quoted: Quote,
): Promise<string | undefined> {
  const candidates = ancestors(baseUrl);
  const given = baseUrl.replace(/\/+$/, '');
  if (/\/v1$/i.test(given)) {
    const parent = candidates[0]!;
    const probe = await read(parent, reads[0]?.path ?? KEY_PROBE_PATH);
    if (probe.json !== undefined || probe.mediaType === 'text/plain') {
      return `the base URL ${quoted(given)} ends in /v1, which every path of the interface begins with (GET ${parent}${reads[0]?.path ?? KEY_PROBE_PATH} answers ${probe.status} as the interface): set MOCKAPI_BASE_URL or --base-url to ${quoted(parent)}`;
    }
  }
  const allMissing = reads.length > 0 && Object.keys(result.missingFixtures).length === reads.length;
  if (!allMissing) return undefined;
  for (const candidate of candidates) {
    const found = await read(candidate, reads[0]!.path);
    if (found.status >= 200 && found.status < 300) {
      return `the fixtures are not found under ${quoted(given)} but are under ${quoted(candidate)} (GET ${reads[0]!.path} answered 404 there, ${found.status} here): set MOCKAPI_BASE_URL or --base-url to ${quoted(candidate)}`;
    }
  }
  return undefined;
}
