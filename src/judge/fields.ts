// What a schema cannot say about the fields of one answer: formats held to the spec's own words (ISO 8601,
// Base64), links built from ids, two fields that describe one thing. Each judgement states one requirement;
// the suites call them on the answers they get, and src/judge/exchange.ts on a recorded answer. `any` resources:
// each judgement reads only the fields it names and judges whatever it finds there.
import { isIP } from 'node:net';
import type { Exchange } from '../http/client.ts';
import type { Judge } from './judge.ts';
import { compareInstants, durationSeconds, isIsoDuration, parseUtcTimestamp } from './iso8601.ts';
import { link, type Link } from './links.ts';
import type { RequirementId } from '../../contract/requirements.ts';
import { schema } from '../../contract/schemas.ts';

/** When an answer came, as the answer itself tells it: its Date header. */
type AnswerTime = Pick<Exchange, 'headers'>;

/** A validator for one of the value formats of schemas/formats.json, e.g. format('utcTimestampNanos'). */
function format(name: string) {
  return schema(`formats.json#/$defs/${name}`);
}

// ---- Job (Resources > Job) ----------------------------------------------------------------------------------

export function jobType(t: Judge, j: any): void {
  if (!t.expect(typeof j.jobType === 'string', 'JOB-TYPE', 'jobType a string', () => JSON.stringify(j.jobType))) return;
  t.note(
    j.jobType === 'open-api-git-pull'
      ? 'jobType "open-api-git-pull", the value the interface names'
      : `jobType ${JSON.stringify(j.jobType)}: a value the interface does not name, which it leaves open`,
  );
  t.note(`job status ${JSON.stringify(j.status)}`);
}

export function jobStarted(t: Judge, j: any): void {
  t.expect(
    format('utcTimestampNanos')(j.started) === true && parseUtcTimestamp(String(j.started)) !== undefined,
    'JOB-STARTED',
    'an ISO 8601 UTC timestamp of a real date with nine decimal digits of the second',
    () => JSON.stringify(j.started),
  );
}

export function jobFinished(t: Judge, j: any): void {
  if (!('finished' in j)) {
    t.note(`no finished (status ${JSON.stringify(j.status)}): present only once the job has finished`);
    return;
  }
  t.expect(
    format('utcTimestamp')(j.finished) === true && parseUtcTimestamp(String(j.finished)) !== undefined,
    'JOB-FINISHED',
    'an ISO 8601 UTC timestamp of a real date',
    () => JSON.stringify(j.finished),
  );
}

export function jobElapsed(t: Judge, j: any): void {
  t.expect(typeof j.elapsed === 'string' && isIsoDuration(j.elapsed), 'JOB-ELAPSED', 'an ISO 8601 duration such as PT0.25S', () => JSON.stringify(j.elapsed));
}

/** How far elapsed may stray from finished − started: a job's clock and its timestamps are read at different moments. */
const ELAPSED_TOLERANCE_S = 1;

export function jobFinishedNotBeforeStarted(t: Judge, j: any): void {
  const started = typeof j.started === 'string' ? parseUtcTimestamp(j.started) : undefined;
  const finished = typeof j.finished === 'string' ? parseUtcTimestamp(j.finished) : undefined;
  if (!started || !finished) {
    t.note(
      `nothing to compare: started ${JSON.stringify(j.started)}, finished ${JSON.stringify(j.finished)} (JOB-STARTED and JOB-FINISHED judge their formats)`,
    );
    return;
  }
  t.expect(compareInstants(finished, started) >= 0, 'JOB-TIMES', `finished at or after started (${j.started})`, () => `finished ${j.finished}`);
}

export function jobElapsedAgrees(t: Judge, j: any): void {
  const started = typeof j.started === 'string' ? parseUtcTimestamp(j.started) : undefined;
  const finished = typeof j.finished === 'string' ? parseUtcTimestamp(j.finished) : undefined;
  const elapsed = typeof j.elapsed === 'string' ? durationSeconds(j.elapsed) : undefined;
  if (!started || !finished || elapsed === undefined) {
    t.note(
      `nothing to compare: started ${JSON.stringify(j.started)}, finished ${JSON.stringify(j.finished)}, elapsed ${JSON.stringify(j.elapsed)} (a running job has no finished; a duration in years or months has no fixed length)`,
    );
    return;
  }
  const span = (finished.epochMs - started.epochMs) / 1000;
  t.expect(
    Math.abs(elapsed - span) <= ELAPSED_TOLERANCE_S,
    'JOB-TIMES',
    `elapsed within ${ELAPSED_TOLERANCE_S} s of ${span} s, the time from started to finished`,
    () => `elapsed ${j.elapsed} (${elapsed} s)`,
  );
}

/**
 * links.self built from the mock API id pushed to and the job's id, each raw or percent-encoded (src/judge/links.ts).
 * On a mock the job is an example: its link must still be built from its own id, under some mock API.
 */
export function jobLinks(t: Judge, j: any, mockApiId: string): void {
  const self = j.links?.self;
  if (t.target.profile === 'live') {
    const expected = link`/v1/mock-apis/${mockApiId}/jobs/${j.id}`;
    t.expect(expected.matches(self), 'JOB-LINKS', `links.self = ${expected.text}`, () => `links.self = ${JSON.stringify(self)}`);
    return;
  }
  const under = typeof self === 'string' ? /^\/v1\/mock-apis\/[^/]+(\/jobs\/.*)$/.exec(self)?.[1] : undefined;
  t.expect(
    link`/jobs/${j.id}`.matches(under),
    'JOB-LINKS',
    `links.self = /v1/mock-apis/<mock_api_id>/jobs/${j.id}`,
    () => `links.self = ${JSON.stringify(self)}`,
  );
}

export function jobOutcome(t: Judge, j: any): void {
  if (!('outcome' in j)) {
    t.note(`no outcome (status ${JSON.stringify(j.status)})`);
    return;
  }
  const validate = schema('job.json#/properties/outcome');
  t.expect(
    validate(j.outcome) === true,
    'JOB-OUTCOME',
    'outcome { errorCode: string, errors: [{ code: integer, title: string, detail: string }] }',
    () => `${JSON.stringify(validate.errors?.map((e) => `${e.instancePath} ${e.message}`))} in ${JSON.stringify(j.outcome).slice(0, 300)}`,
  );
  t.note(`outcome.errorCode ${JSON.stringify(j.outcome?.errorCode)}`);
}

// ---- Job life cycle (Resources > Job: finished "present once the job has finished") -------------------------

/** The one status the interface names, ERROR, is the end of a run: a job that ended in error has finished. */
const NAMED_END = 'ERROR';
/** Statuses the interface does not name, read by their words: an end of the run, or a stage before it. */
const END_WORDS =
  /^(?:ERROR(?:ED)?|FAIL(?:ED|URE)?|SUCCE(?:SS|EDED|SSFUL)|COMPLETED?|DONE|FINISHED|CANCELL?ED|ABORTED|TIMED[_-]?OUT|TIMEOUT|KILLED|TERMINATED|STOPPED|EXPIRED)$/i;
const BEFORE_END_WORDS = /^(?:RUNNING|PENDING|QUEUED|IN[_-]?PROGRESS|STARTED|STARTING|CREATED|SCHEDULED|WAITING|NEW|SUBMITTED|PROCESSING)$/i;

/** A job with the status ERROR, the named end, carries finished. */
export function jobFinishedPresent(t: Judge, j: any): void {
  // other statuses are JOB-FINISHED-STAGE's to read
  if (j.status !== NAMED_END) return;
  t.expect('finished' in j, 'JOB-FINISHED-PRESENT', 'finished present: status ERROR means the job has finished', () => 'no finished');
}

/**
 * The readings of "present once the job has finished" that need more than the words (docs/checks.md), noted and never
 * failed: the interface names no status but ERROR, so what another status's word says of the job's stage (FAILED an
 * end, RUNNING a stage before it), or what an outcome says, is the deployment's own; where finished disagrees with
 * such a word it is said.
 */
export function jobFinishedStage(t: Judge, j: any): void {
  const status = typeof j.status === 'string' ? j.status : '';
  const has = 'finished' in j;
  if (status === NAMED_END) return;
  const shown = `status ${JSON.stringify(j.status)}, finished ${has ? 'present' : 'absent'}`;
  const [end, underWay] = [END_WORDS.test(status), BEFORE_END_WORDS.test(status)];
  if (end && !has) t.note(`${shown}: the word reads as an end, but the interface names no status but ERROR, so it is not judged`);
  else if (underWay && has) t.note(`${shown}: the word reads as a job under way, but the interface names no status but ERROR, so it is not judged`);
  else if ('outcome' in j && !has) t.note(`${shown}, with an outcome: whether an outcome means the job has finished is not said`);
  else if (!end && !underWay) t.note(`status ${JSON.stringify(j.status)}: a value whose stage its word does not tell; finished ${has ? 'present' : 'absent'}`);
}

/**
 * started, and finished where present, are UTC timestamps of the push that answers with the job: the job is that push,
 * so each stands at the moment of the answer (nearAnswerTime), as UTC; a local time written with Z stands a zone's
 * offset from it.
 */
export function jobTimesNow(t: Judge, j: any, at: AnswerTime): void {
  nearAnswerTime(t, 'JOB-TIMES-NOW', 'started', j.started, at);
  if ('finished' in j) nearAnswerTime(t, 'JOB-TIMES-NOW', 'finished', j.finished, at);
}

/** Every judgement of a job's fields, in the order of Resources > Job. */
export function jobFields(t: Judge, j: any, mockApiId: string): void {
  for (const judge of [
    jobType,
    jobStarted,
    jobFinished,
    jobFinishedPresent,
    jobFinishedStage,
    jobElapsed,
    jobFinishedNotBeforeStarted,
    jobElapsedAgrees,
    jobOutcome,
  ])
    judge(t, j);
  jobLinks(t, j, mockApiId);
}

// ---- Data source (Resources > Data source) ---------------------------------------------------------------------

export function dataSourceNoRows(t: Judge, ds: any): void {
  t.expect(!('rows' in ds), 'DS-NO-ROWS', 'no rows property', () => `rows = ${JSON.stringify(ds.rows).slice(0, 200)}`);
}

/** The answer to an update shows the name, type and columns sent, columns in the order sent. */
export function dataSourceReplaces(t: Judge, ds: any, sent: any): void {
  t.expect(ds.name === sent.name, 'DS-REPLACES', `name ${JSON.stringify(sent.name)}`, () => JSON.stringify(ds.name));
  t.expect(ds.type === sent.type, 'DS-REPLACES', `type ${JSON.stringify(sent.type)}`, () => JSON.stringify(ds.type));
  const names = (cols: unknown) => (Array.isArray(cols) ? cols.map((c) => `${c?.name}:${c?.type?.name}${c?.type?.format ? `/${c.type.format}` : ''}`) : cols);
  t.expect(
    JSON.stringify(names(ds.columnsMetadata)) === JSON.stringify(names(sent.columnsMetadata)),
    'DS-REPLACES',
    `columns ${JSON.stringify(names(sent.columnsMetadata))}`,
    () => JSON.stringify(names(ds.columnsMetadata)),
  );
}

export function lastUpdatedTime(t: Judge, ds: any): void {
  const text = ds.lastUpdatedTime;
  t.expect(
    typeof text === 'string' && format('utcTimestampFractional')(text) && parseUtcTimestamp(text) !== undefined,
    'DS-LAST-UPDATED',
    'an ISO 8601 UTC timestamp with fractional seconds, of a real date and time',
    () => JSON.stringify(text),
  );
}

/**
 * How far a timestamp of the moment of an answer may stand from its Date header. Date may be a gateway's clock, not
 * the deployment's (nginx writes its own Date unless told to pass the upstream's), and two machines' clocks differ,
 * though by far less than a zone's offset, which is an hour at least. Date also has whole seconds only.
 */
const DATE_TOLERANCE_MS = 15 * 60_000;

/**
 * A timestamp the deployment wrote for the moment of its answer (an update's lastUpdatedTime, a new job's started)
 * set against the clock of that answer, its Date header (RFC 9110 §6.6.1), within DATE_TOLERANCE_MS: a local time
 * written with Z stands a zone's offset from it. Never against this machine's clock: the interface relates no field
 * to the client's clock, and a deployment's clock may be years off this machine's. Without a readable Date nothing
 * is judged; the timestamp's own form is another requirement's, and one that cannot be read is noted.
 */
function nearAnswerTime(t: Judge, requirement: RequirementId, field: string, text: unknown, at: AnswerTime): void {
  const instant = typeof text === 'string' ? parseUtcTimestamp(text) : undefined;
  if (!instant) return t.note(`${field} ${JSON.stringify(text)} is not a readable timestamp, so it was not set against the clock`);
  const date = Date.parse(at.headers.date ?? '');
  if (Number.isNaN(date))
    return t.note(`the answer has no readable Date header, the clock of the answer, so ${field} was not set against a clock (never against this machine's)`);
  t.expect(
    Math.abs(instant.epochMs - date) <= DATE_TOLERANCE_MS,
    requirement,
    `${field} within ${DATE_TOLERANCE_MS / 60_000} minutes of ${new Date(date).toISOString()} (the answer's Date header)`,
    () => `${field} ${String(text)}`,
  );
}

/** lastUpdatedTime of an update's answer is the time of the update (nearAnswerTime). */
export function lastUpdatedNow(t: Judge, ds: any, at: AnswerTime): void {
  nearAnswerTime(t, 'DS-LAST-UPDATED-NOW', 'lastUpdatedTime', ds.lastUpdatedTime, at);
}

/**
 * How far an update's lastUpdatedTime may fall before the one the update before it showed: several instances behind a
 * load balancer each write with their own clock, and clocks kept by NTP differ by far less than this.
 */
const INSTANCES_SKEW_MS = 1_000;

/**
 * lastUpdatedTime is the time of the last update: an update's answer never shows a time before the one the answer to
 * the update before it showed (both written by the deployment's clocks, so only INSTANCES_SKEW_MS of tolerance).
 */
export function lastUpdatedNotBefore(t: Judge, ds: any, before: any): void {
  const now = typeof ds?.lastUpdatedTime === 'string' ? parseUtcTimestamp(ds.lastUpdatedTime) : undefined;
  const then = typeof before?.lastUpdatedTime === 'string' ? parseUtcTimestamp(before.lastUpdatedTime) : undefined;
  if (!now || !then) return;
  t.expect(
    now.epochMs >= then.epochMs - INSTANCES_SKEW_MS,
    'DS-LAST-UPDATED-NOW',
    `lastUpdatedTime at or after ${before.lastUpdatedTime}, the time the update before it showed (or at most ${INSTANCES_SKEW_MS / 1000} s before it: instances' clocks differ a little)`,
    () => `lastUpdatedTime ${ds.lastUpdatedTime}`,
  );
}

/**
 * links.self and links.acl built from the data source id: the one updated (`updatedId`), which the answer's
 * id must be, or on a mock (whose data source is an example) the answer's own id.
 */
export function dataSourceLinks(t: Judge, ds: any, updatedId: string): void {
  const id = t.target.profile === 'live' ? updatedId : String(ds.id);
  if (t.target.profile === 'live') t.expect(ds.id === id, 'DS-LINKS', `id ${JSON.stringify(id)} (the data source updated)`, () => JSON.stringify(ds.id));
  for (const [key, expected] of Object.entries({ self: link`/v1/data-sources/${id}`, acl: link`/v1/data-sources/${id}/acl{?subjectId}` })) {
    t.expect(expected.matches(ds.links?.[key]), 'DS-LINKS', `links.${key} = ${expected.text}`, () => `links.${key} = ${JSON.stringify(ds.links?.[key])}`);
  }
}

// ---- Organisation (Resources > Organisation) --------------------------------------------------------------------

export function organisationIdentity(t: Judge, org: any, organisationId: string): void {
  t.expect(org.id === organisationId, 'ORG-IDENTITY', `id ${JSON.stringify(organisationId)}`, () => `id ${JSON.stringify(org.id)}`);
}

export function organisationLinks(t: Judge, org: any): void {
  const links: Record<string, Link> = {
    self: link`/v1/organisations/${org.id}`,
    users: link`/v1/organisations/${org.id}/users`,
    teams: link`/v1/organisations/${org.id}/teams`,
    invitations: link`/v1/organisations/${org.id}/invitations`,
    acl: link`/v1/organisations/${org.id}/acl{?subjectId}`,
    aclSubject: link`/v1/acl/subjects/${org.aclSubject}`,
    aclObject: link`/v1/acl/objects/${org.aclObject}`,
  };
  for (const [key, expected] of Object.entries(links)) {
    const got = org.links?.[key];
    t.expect(expected.matches(got), 'ORG-LINKS', `links.${key} = ${expected.text}`, () => `links.${key} = ${JSON.stringify(got)}`);
  }
  // the subscription id is shown nowhere else, so its link is held to its shape alone, as the body's schema writes it
  const subscription = org.links?.subscription;
  t.expect(
    schema('organisation.json#/properties/links/properties/subscription')(subscription) === true,
    'ORG-LINKS',
    'links.subscription = /v1/subscriptions/<subscription_id>',
    () => `links.subscription = ${JSON.stringify(subscription)}`,
  );
  t.note(`links.subscription = ${subscription} (the subscription id is not otherwise shown)`);
}

// ---- Organisation's emailAddress (Resources > Organisation: "e-mail address") -------------------------------

// RFC 5322 §3.4.1 addr-spec without its obsolete forms and comments, with RFC 6532's UTF-8 in atext, qtext and
// dtext. Each piece is separated by a character the one before cannot hold, so a match is linear.
const ATEXT = "(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\\x00-\\x7F])";
const DOT_ATOM = `${ATEXT}+(?:\\.${ATEXT}+)*`;
const QUOTED = '"(?:[ \\t]*(?:[\\x21\\x23-\\x5B\\x5D-\\x7E]|[^\\x00-\\x7F]|\\\\[\\x20-\\x7E\\t]))*[ \\t]*"';
const DOMAIN_LITERAL = '\\[(?:[ \\t]*(?:[\\x21-\\x5A\\x5E-\\x7E]|[^\\x00-\\x7F]))*[ \\t]*\\]';
const ADDR_SPEC = `(?:${DOT_ATOM}|${QUOTED})@(?:${DOT_ATOM}|${DOMAIN_LITERAL})`;
const IS_ADDR_SPEC = new RegExp(`^${ADDR_SPEC}$`, 'u');
/** RFC 5322 §3.4 name-addr: an address with a display name, the addr-spec in angle brackets. */
const NAME_ADDR = new RegExp(`^[^<>]*<(${ADDR_SPEC})>$`, 'u');
/** RFC 5321 §4.1.2 Domain (with RFC 6531's U-labels) or address literal: a domain mail can be sent to. */
const MAIL_DOMAIN =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*|\[(?:\d{1,3}(?:\.\d{1,3}){3}|IPv6:[0-9A-Fa-f:.]+)\])$/u;

/** What an emailAddress is: the bare addr-spec, one with a display name around it, or no e-mail address. */
export function emailForm(text: string): 'addr-spec' | 'name-addr' | 'none' {
  if (IS_ADDR_SPEC.test(text)) return 'addr-spec';
  return NAME_ADDR.test(text) ? 'name-addr' : 'none';
}

/** emailAddress is an e-mail address: an RFC 5322 address (a display name around it is ORG-EMAIL-FORM's to weigh). */
export function organisationEmail(t: Judge, org: any): void {
  const text = org.emailAddress;
  if (typeof text !== 'string') return t.note(`emailAddress ${JSON.stringify(text)} is not a string (ORG-RESPONSE judges its type)`);
  t.expect(
    emailForm(text) !== 'none',
    'ORG-EMAIL',
    'an e-mail address: local-part@domain as RFC 5322 §3.4.1 writes it (addr-spec), UTF-8 allowed (RFC 6532)',
    () => JSON.stringify(text.slice(0, 300)),
  );
}

/**
 * The readings of "e-mail address (`<EMAIL>`)" that need more than the words (docs/checks.md), noted and never
 * failed: the bare address the placeholder shows, where RFC 5322 calls one with a display name an address too; and a
 * domain mail can be sent to (RFC 5321, a neighbour's rule), where RFC 5322's dot-atom is an address's domain.
 */
export function organisationEmailForm(t: Judge, org: any): void {
  const text = org.emailAddress;
  if (typeof text !== 'string' || emailForm(text) === 'none') return t.note('emailAddress is no e-mail address (ORG-EMAIL judges it)');
  const bare = NAME_ADDR.exec(text)?.[1] ?? text;
  if (bare !== text)
    t.note(`emailAddress ${JSON.stringify(text.slice(0, 200))} carries a display name: an RFC 5322 address, though not the bare one the placeholder shows`);
  const domain = bare.slice(bare.lastIndexOf('@') + 1);
  if (!MAIL_DOMAIN.test(domain))
    t.note(
      `emailAddress's domain ${JSON.stringify(domain.slice(0, 200))} is an RFC 5322 domain, though no host name or address literal mail can be sent to (RFC 5321 §4.1.2)`,
    );
}

// ---- Logged request (Resources > Logged request) ---------------------------------------------------------------

export function loggedRequestIdentity(t: Judge, lr: any, requestId: string): void {
  t.expect(lr.id === requestId, 'LR-IDENTITY', `id ${JSON.stringify(requestId)}`, () => `id ${JSON.stringify(lr.id)}`);
}

export function requestIdUuid(t: Judge, lr: any): void {
  t.expect(format('uuid')(lr.id) === true, 'ID-REQUEST-UUID', 'a UUID-shaped id (8-4-4-4-12 hexadecimal digits)', () => JSON.stringify(lr.id));
}

export function loggedDateFormat(t: Judge, lr: any): void {
  const text = lr.request.loggedDateString;
  if (!t.expect(typeof text === 'string', 'LR-DATE-FORMAT', 'loggedDateString, a string', () => JSON.stringify(text))) return;
  t.expect(
    format('utcTimestampSeconds')(text) === true && parseUtcTimestamp(String(text)) !== undefined,
    'LR-DATE-FORMAT',
    'an ISO 8601 UTC timestamp of a real date, seconds and no fraction',
    () => JSON.stringify(text),
  );
}

export function loggedDate(t: Judge, lr: any): void {
  const { loggedDate, loggedDateString } = lr.request;
  if (
    !t.expect(
      Number.isInteger(loggedDate) && typeof loggedDateString === 'string',
      'LR-DATE',
      'loggedDate an integer and loggedDateString a string',
      () => `${JSON.stringify(loggedDate)}, ${JSON.stringify(loggedDateString)}`,
    )
  )
    return;
  const parsed = parseUtcTimestamp(loggedDateString);
  if (!parsed) {
    t.note(`loggedDateString ${JSON.stringify(loggedDateString)} is not a readable timestamp (LR-DATE-FORMAT says why)`);
    t.violate('LR-DATE', 'loggedDateString readable as an instant', JSON.stringify(loggedDateString));
    return;
  }
  // second precision: the string is the millisecond instant truncated (or rounded) to its second
  const second = Math.floor(parsed.epochMs / 1000);
  const ok = Math.floor(loggedDate / 1000) === second || Math.round(loggedDate / 1000) === second;
  t.expect(
    ok,
    'LR-DATE',
    `loggedDate ${loggedDate} (${new Date(loggedDate).toISOString()}) within the second of loggedDateString`,
    () => `loggedDateString ${loggedDateString}`,
  );
}

/** Collapses runs of U+FFFD, so that decoders that replace an invalid sequence once or per byte agree. */
const lossy = (text: string) => text.replace(/\uFFFD+/g, '\uFFFD');

export function loggedBody(t: Judge, lr: any): void {
  const { body, bodyAsBase64 } = lr.request;
  if (
    !t.expect(
      typeof body === 'string' && typeof bodyAsBase64 === 'string',
      'LR-BODY',
      'body and bodyAsBase64, both strings',
      () => `${JSON.stringify(body)}, ${JSON.stringify(bodyAsBase64)}`,
    )
  )
    return;
  // Base64 is the standard alphabet, padded (RFC 4648 section 4); Node's decoder would also read the URL-safe
  // alphabet and unpadded text, so the text is held to the format before it is decoded
  if (
    !t.expect(
      format('base64')(bodyAsBase64) === true,
      'LR-BODY',
      'bodyAsBase64 in Base64 (RFC 4648 section 4: the standard alphabet with + and /, padded with = to a multiple of four)',
      () => JSON.stringify(bodyAsBase64.slice(0, 200)),
    )
  )
    return;
  const bytes = Buffer.from(bodyAsBase64, 'base64');
  let strict: string | undefined;
  try {
    strict = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    strict = undefined;
  }
  if (strict !== undefined) {
    t.expect(body === strict, 'LR-BODY', `body equal to the UTF-8 text of bodyAsBase64 (${JSON.stringify(strict.slice(0, 200))})`, () =>
      JSON.stringify(body.slice(0, 200)),
    );
    return;
  }
  // Bytes that are not UTF-8 show in body only as a lossy decoding: compare decodings, never re-encode body.
  const replaced = new TextDecoder('utf-8').decode(bytes);
  const latin1 = bytes.toString('latin1');
  t.note('the body is not valid UTF-8; body was compared with lossy decodings of bodyAsBase64');
  t.expect(
    lossy(body) === lossy(replaced) || body === latin1,
    'LR-BODY',
    `body a decoding of bodyAsBase64's bytes (${JSON.stringify(replaced.slice(0, 200))})`,
    () => JSON.stringify(body.slice(0, 200)),
  );
}

/** A full URL: a scheme, "://" and a host (RFC 3986 §3: an absolute URI with an authority), which a path alone is not. */
const FULL_URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

export function loggedUrl(t: Judge, lr: any): void {
  const { url, absoluteUrl } = lr.request;
  if (
    typeof absoluteUrl === 'string' &&
    !t.expect(FULL_URL.test(absoluteUrl), 'LR-URL', 'absoluteUrl a full URL: a scheme, :// and a host', () => JSON.stringify(absoluteUrl.slice(0, 300)))
  )
    return;
  t.expect(
    typeof url === 'string' && typeof absoluteUrl === 'string' && absoluteUrl.endsWith(url),
    'LR-URL',
    `absoluteUrl ending with ${JSON.stringify(url)}`,
    () => JSON.stringify(absoluteUrl),
  );
}

/**
 * The path and query of a full URL as written, without parsing it into another spelling (the URL class would
 * percent-encode and normalise): what follows `scheme://authority`, up to a fragment; "/" for an empty path.
 * undefined: not a URL with a scheme and an authority.
 */
export function pathAndQuery(absoluteUrl: string): string | undefined {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^#]*)/.exec(absoluteUrl);
  if (!m) return undefined;
  const rest = m[1]!;
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** url is "path and query as received": it begins with /, holds no scheme or authority, and is the path and query of absoluteUrl. */
export function loggedUrlPath(t: Judge, lr: any): void {
  const { url, absoluteUrl } = lr.request;
  if (typeof url !== 'string' || typeof absoluteUrl !== 'string') return;
  // beginning with / it holds no scheme; equal to absoluteUrl's path and query it holds no authority either
  if (
    !t.expect(url.startsWith('/'), 'LR-URL', 'url beginning with / (the path and query as received, no scheme or authority)', () =>
      JSON.stringify(url.slice(0, 300)),
    )
  )
    return;
  const expected = pathAndQuery(absoluteUrl);
  if (expected === undefined) return; // absoluteUrl's own form is judged by the schema and loggedUrl
  t.expect(url === expected, 'LR-URL', `url equal to the path and query of absoluteUrl, ${JSON.stringify(expected.slice(0, 300))}`, () =>
    JSON.stringify(url.slice(0, 300)),
  );
}

/** RFC 9110 §5.6.2 token, of a method (§9.1) and a field name (§5.1): one or more tchar, no space, no separator. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The methods RFC 9110 §9.3 and RFC 5789 define, all written in upper case. */
const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH']);

/** method is an HTTP method: a token. A standard method in another case is a token too, and case-sensitive: noted. */
export function loggedMethod(t: Judge, lr: any): void {
  const { method } = lr.request;
  if (typeof method !== 'string') return t.note(`method ${JSON.stringify(method)} is not a string (LR-RESPONSE judges its type)`);
  if (
    !t.expect(TOKEN.test(method), 'LR-METHOD', "an HTTP method: a token of RFC 9110 §9.1 (letters, digits and !#$%&'*+-.^_`|~, no space)", () =>
      JSON.stringify(method.slice(0, 300)),
    )
  )
    return;
  if (!STANDARD_METHODS.has(method) && STANDARD_METHODS.has(method.toUpperCase()))
    t.note(
      `method ${JSON.stringify(method)}: a token, and methods are case-sensitive, so it is another method than ${method.toUpperCase()}; shown as received`,
    );
}

/** An IP address with a port (`203.0.113.7:54321`, `[2001:db8::1]:443`), or an IPv6 address in brackets: the address. */
function addressOf(text: string): string | undefined {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text) ?? /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  return m?.[1];
}

/** clientIp is the address of the client: an IP address (IPv4, or IPv6 as RFC 4291 writes it). */
export function loggedClientIp(t: Judge, lr: any): void {
  const { clientIp } = lr.request;
  if (typeof clientIp !== 'string') return t.note(`clientIp ${JSON.stringify(clientIp)} is not a string (LR-RESPONSE judges its type)`);
  const debatable = addressOf(clientIp) ?? clientIp.split(/\s*,\s*/)[0]!;
  t.expect(isIP(clientIp) !== 0 || isIP(debatable) !== 0, 'LR-CLIENT-IP', 'the address of the client: an IPv4 or IPv6 address', () =>
    JSON.stringify(clientIp.slice(0, 300)),
  );
}

/**
 * The readings of "address of the client" that need more than the words (docs/checks.md), noted and never failed:
 * the IP address alone, where an address with the client's port, in brackets, or the list of a forwarding chain
 * still names it.
 */
export function loggedClientIpForm(t: Judge, lr: any): void {
  const { clientIp } = lr.request;
  if (typeof clientIp !== 'string' || isIP(clientIp) !== 0) return;
  if (addressOf(clientIp) !== undefined || clientIp.includes(','))
    t.note(
      `clientIp ${JSON.stringify(clientIp.slice(0, 200))} names the address with a port, in brackets or in a forwarding list: an address of the client, though not the address alone`,
    );
}

/** The values of a header that may be one string or several, as the logged request shows headers. */
function headerValues(headers: unknown, name: string): string[] {
  if (headers === null || typeof headers !== 'object') return [];
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string');
}

/** The host of an authority (`user@host:port`, `[::1]:8080`), lower case, without user or port. */
function hostOf(authority: string): string {
  const host = authority.slice(authority.lastIndexOf('@') + 1).trim();
  const bracketed = /^\[[^\]]*\]/.exec(host)?.[0];
  return (bracketed ?? host.replace(/:\d*$/, '')).toLowerCase();
}

/** The hosts a request was sent to, as its logged headers show them: Host (or HTTP/2's :authority), and those a proxy in front forwarded. */
function hostsReceived(headers: unknown): string[] {
  const forwarded = headerValues(headers, 'forwarded')
    .flatMap((v) => v.split(/[,;]/))
    .map((pair) => /^\s*host\s*=\s*"?([^"]*)"?\s*$/i.exec(pair)?.[1])
    .filter((host): host is string => host !== undefined);
  const named = [
    ...headerValues(headers, 'host'),
    ...headerValues(headers, ':authority'),
    ...headerValues(headers, 'x-forwarded-host').flatMap((v) => v.split(',')),
  ];
  return [...named, ...forwarded].map(hostOf).filter((host) => host !== '');
}

/**
 * absoluteUrl is the full URL "as received": its host is one the request was sent to, the Host its headers show or a
 * host a proxy in front forwarded (X-Forwarded-Host, Forwarded host=); ports aside, since a proxy may change them.
 */
export function loggedAbsoluteUrlHost(t: Judge, lr: any): void {
  const { absoluteUrl, headers } = lr.request;
  const authority = typeof absoluteUrl === 'string' ? /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(absoluteUrl)?.[1] : undefined;
  if (authority === undefined) return; // its form is loggedUrl's
  const received = hostsReceived(headers);
  if (received.length === 0) return t.note("headers show no Host header: absoluteUrl's host is not compared with it");
  t.expect(
    received.includes(hostOf(authority)),
    'LR-URL',
    `absoluteUrl naming a host the request was sent to, as its headers show it: ${[...new Set(received)].map((h) => JSON.stringify(h)).join(' or ')}`,
    () => JSON.stringify(absoluteUrl.slice(0, 300)),
  );
}

/** The pairs of Cookie header values (RFC 6265 §4.2.1: name=value pairs separated by "; "), the value with and without its quotes. */
function cookiePairs(values: string[]): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const pair of values.flatMap((v) => v.split(';'))) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const value = pair.slice(at + 1).trim();
    const unquoted = /^"(.*)"$/.exec(value)?.[1];
    pairs.set(pair.slice(0, at).trim(), unquoted === undefined ? [value] : [value, unquoted]);
  }
  return pairs;
}

/** cookies is "cookie name to value": where headers show the Cookie header, cookies holds its pairs and no others. */
export function loggedCookies(t: Judge, lr: any): void {
  const { cookies, headers } = lr.request;
  const sent = cookiePairs(headerValues(headers, 'cookie'));
  if (sent.size === 0) return t.note('headers show no Cookie header with a pair: cookies is not compared with it');
  if (cookies === null || typeof cookies !== 'object') return t.note(`cookies ${JSON.stringify(cookies)} is no object (LR-RESPONSE judges its type)`);
  const shown = (value: unknown) => (Array.isArray(value) ? value : [value]);
  for (const [name, values] of sent)
    t.expect(
      Object.hasOwn(cookies, name) && shown(cookies[name]).some((v) => values.includes(v)),
      'LR-COOKIES',
      `cookies.${name} = ${JSON.stringify(values[values.length - 1])}, as the Cookie header sends it`,
      () => `cookies.${name} = ${JSON.stringify(cookies[name]) ?? 'absent'}`,
    );
  const extra = Object.keys(cookies).filter((name) => !sent.has(name));
  t.expect(
    extra.length === 0,
    'LR-COOKIES',
    `only the cookies of the Cookie header (${[...sent.keys()].join(', ')})`,
    () => `also ${extra.slice(0, 10).join(', ')}`,
  );
}

/** headers is "header name to header value": each name a field name, a token of RFC 9110 §5.1 (no colon, no space). */
export function loggedHeaderNames(t: Judge, lr: any): void {
  const { headers } = lr.request;
  if (headers === null || typeof headers !== 'object') return t.note(`headers ${JSON.stringify(headers)} is no object (LR-RESPONSE judges its type)`);
  const names = Object.keys(headers).filter((name) => !TOKEN.test(name));
  t.expect(names.length === 0, 'LR-HEADERS', 'header names that are field names: tokens of RFC 9110 §5.1, without colon or space', () =>
    names
      .slice(0, 10)
      .map((name) => JSON.stringify(name.slice(0, 100)))
      .join(', '),
  );
}
