// The requirement register: every normative statement of spec/interface.md with a stable id, the
// section it stands in, the statement (quoted or closely paraphrased) and a level. `must`: the interface
// states it. `should`: what any serious API does although the interface does not say it (no 5xx for client
// input). Ids are stable: reports, faults and users' bookmarks refer to them; never renumber, only add.

export type Level = 'must' | 'should';

export interface Requirement {
  id: string;
  section: string;
  statement: string;
  level: Level;
  /** Set when no request can observe the statement; says why. Such a requirement needs no check. */
  untestable?: string;
}

const R = (id: string, section: string, statement: string, level: Level = 'must', untestable?: string): Requirement =>
  untestable ? { id, section, statement, level, untestable } : { id, section, statement, level };

export const REQUIREMENTS = [
  // General conventions
  R(
    'GEN-JSON',
    'What the service does > General conventions',
    'Request and response bodies are JSON (application/json), except the 401 body, which is plain text.',
  ),
  R(
    'GEN-WRAP-RESPONSE',
    'What the service does > General conventions',
    'Responses that return a resource wrap it in a top-level property named after the resource (organisation, dataSource, chaos, state, job).',
  ),
  R('GEN-UNWRAPPED-LOGGED-REQUEST', 'What the service does > General conventions', 'The logged request is returned unwrapped.'),
  R(
    'GEN-WRAP-REQUEST',
    'What the service does > General conventions',
    'Update operations use PUT with a body that wraps the object in a single top-level property named after the resource (chaos, state, organisation, dataSource, push); a body without it is not accepted.',
  ),
  R(
    'GEN-NO-5XX',
    'Errors (general practice)',
    'A request a client got wrong (bad credentials, ids, limits, types, bodies) is answered with a 4xx, never a 5xx.',
    'should',
  ),
  R('GEN-NOT-JSON', 'What the service does > General conventions', 'Request bodies are JSON: a body that is not JSON at all is not accepted.'),
  R(
    'GEN-NO-QUERY-PARAMETER',
    'Endpoints',
    'None of the endpoints takes a query parameter: a request with one is answered as the same request without it (the same answer to a read; a refusal stays a refusal), or refused with a 4xx; never a 5xx.',
  ),
  R(
    'EP-METHOD-PATH',
    'Endpoints',
    'Each operation is served at its method and path: a request with the documented method and path reaches the operation, so it is never answered 405 Method Not Allowed (RFC 9110 §15.5.6: the target does not support that method).',
  ),

  // Identifiers and limits
  R(
    'ID-MOCK-API-LENGTH',
    'Resources and their fields > Identifiers; Limits',
    'mockApiId has length 5 to 10 on every path with a mock API: ids of 4 and 11 characters are never accepted.',
  ),
  R('ID-REQUEST-UUID', 'Resources and their fields > Identifiers', 'requestId identifies a logged request; the response shows it as a UUID-shaped string.'),

  // Authentication
  R(
    'AUTH-401-MISSING',
    'Authentication',
    'Every operation is protected by an API key sent in the request header Authorization: a request without the Authorization header receives 401, also when the valid key is sent elsewhere (a query parameter, a cookie, another header such as X-API-Key).',
  ),
  R('AUTH-401-INVALID', 'Authentication', 'A request without valid credentials (another scheme than Token, Token without a key, an unknown key) receives 401.'),
  R('AUTH-401-BODY', 'Authentication; Errors > Error cases', 'The 401 body is plain text stating that credentials are required to access the resource.'),
  R(
    'AUTH-SCHEME-CASE',
    'Authentication',
    'The header value is the word Token, one space, and the key; HTTP matches scheme names case-insensitively, so `token <key>` is either accepted or answered 401, nothing else.',
    'should',
  ),
  R(
    'AUTH-SEPARATOR',
    'Authentication',
    'The header value is the word Token, one space, and the key: whether `Token<TAB><key>` is taken or answered 401 is noted, never failed, since the words show the value a client sends and not what a deployment does with another; a 401 is held to the 401 body.',
    'should',
  ),
  R('AUTH-403', 'Authentication; Errors > Error cases', 'A request with valid credentials that is not permitted to perform the operation receives 403.'),
  R(
    'AUTH-403-BODY',
    'Authentication; Errors > Error cases',
    'The 403 body is an error list whose single entry has title Forbidden and an empty source object.',
  ),

  // Errors
  R(
    'ERR-404',
    'Errors > Not-found body; Endpoints',
    'A missing resource receives 404 with the not-found body { code: number, message: string }, code equal to 404 and a message reporting the HTTP 404 condition, read as: the message names 404 (in any language) or says Not Found (the reason phrase of RFC 9110, any case), and names no other status (HTTP 400, Bad Request).',
  ),
  R('ERR-UNKNOWN-ID', 'Endpoints', 'An operation on a resource that does not exist does not succeed (no 2xx).'),
  R(
    'ERR-INVALID-JSON',
    'Errors > Error cases',
    'A request body that lacks a required property is answered with an error list titled Invalid JSON whose detail names the missing JSON pointer and the required type, and whose source is an empty object.',
  ),
  R(
    'ERR-ERROR-LIST',
    'Errors > Error list body',
    'An error list body is { errors: array of entry }, errors required; each entry has title (string, required), code (number), detail (string), source (object).',
  ),
  R(
    'ERR-QUERY-PARAMETER',
    'Errors > Error cases',
    'A query parameter with an invalid format is answered with an error list titled Invalid query parameter format whose detail names the parameter and the rule.',
    'must',
    'None of the nine endpoints takes a query parameter (Endpoints), so none has a parameter whose format could be invalid; a query parameter sent to one is judged by GEN-NO-QUERY-PARAMETER, and its refusal by the body rules of every refusal.',
  ),

  // Chaos settings
  R('CHAOS-STATUS', 'Endpoints > Update chaos settings', 'Success is 200.'),
  R(
    'CHAOS-RESPONSE',
    'Endpoints > Update chaos settings; Resources > Chaos settings',
    'The success body is { chaos: <Chaos settings> } with the field types of Chaos settings.',
  ),
  R('CHAOS-ECHO', 'Endpoints > Update chaos settings', 'The success body holds the updated settings: every field sent comes back with the value sent.'),
  R('CHAOS-PERCENTAGE-LIMIT', 'Resources > Chaos settings; Limits', 'percentageFailures is a number (double) from 0 to 100 inclusive.'),
  R('CHAOS-HTTP-STATUS-LIMIT', 'Resources > Chaos settings; Limits', 'httpErrors[].status is an integer from 400 to 599 inclusive.'),
  R(
    'CHAOS-VALUES',
    'Resources > Chaos settings; Limits',
    "Every value a chaos field's type and constraint allow is accepted: percentageFailures any number from 0 to 100 in any JSON notation (5e1, 50.0, 1E2, -0), durationMillis any integer from 0 up, past 32 bits, except that a deployment may refuse a delay past a bound of its own (no bound is given: a refusal the same settings with the quiet delay 0 show to be the delay's is noted), httpErrors any statuses from 400 to 599.",
  ),
  R(
    'CHAOS-TYPES',
    'Resources > Chaos settings',
    'Each chaos field has its stated type (enabled boolean, percentageFailures number, socketClose/socketReset/invalidHttp {enabled: boolean}, longDelay {enabled: boolean, durationMillis: integer}, httpErrors array of {status: integer}); a value of another type is not accepted.',
  ),

  // State settings
  R(
    'STATE-RESPONSE',
    'Endpoints > Update state settings',
    'Success (status code not shown, so any 2xx) has the body { state: { defaultContextExpression: string } }.',
  ),
  R('STATE-ECHO', 'Endpoints > Update state settings', 'The success body holds the updated settings: the defaultContextExpression sent comes back.'),
  R(
    'STATE-EXPRESSION',
    'Resources > State settings',
    'defaultContextExpression is a template expression (double-brace syntax that can reference parts of the request, for example a header): a valid one is accepted, however many references it holds, however its braces sit (adjacent, triple, in a block) and in whatever script its text is.',
  ),
  R('STATE-TYPES', 'Resources > State settings', 'defaultContextExpression is a string; a value of another type is not accepted.'),

  // Organisations
  R(
    'ORG-RESPONSE',
    'Endpoints > Get organisation by ID; Update organisation; Resources > Organisation',
    'Success (status code not shown, so any 2xx) has the body { organisation: <Organisation> } with every listed field of its stated type.',
  ),
  R('ORG-IDENTITY', 'Endpoints > Get organisation by ID', 'The organisation returned is the one asked for: its id is the path organisationId.'),
  R(
    'ORG-LINKS',
    'Resources > Organisation (links)',
    'links are relative paths built from the ids: self, users, teams, invitations and acl from the organisation id (acl ending in {?subjectId}), aclSubject and aclObject from the aclSubject and aclObject ids, subscription /v1/subscriptions/<subscription_id>.',
  ),
  R(
    'ORG-TYPES',
    'Endpoints > Update organisation; Resources > Organisation',
    'The update body is { organisation: { name: string } }: a name of another type is not accepted, and a body that is not accepted changes nothing.',
  ),
  R('ORG-RENAME', 'Endpoints > Update organisation', 'Update changes the name: the response and a later get show the name sent.'),
  R(
    'ORG-EMAIL',
    'Resources > Organisation',
    'emailAddress is an e-mail address: an RFC 5322 address (local-part@domain, addr-spec, UTF-8 allowed by RFC 6532), not a URI (mailto:), a list or text around it.',
  ),
  R(
    'ORG-EMAIL-FORM',
    'Resources > Organisation',
    'emailAddress is the bare address the placeholder <EMAIL> shows, without a display name, at a domain mail can be sent to (RFC 5321 §4.1.2): noted, never failed, since an RFC 5322 address allows both.',
    'should',
  ),

  // Data sources
  R(
    'DS-RESPONSE',
    'Endpoints > Update data source; Resources > Data source',
    'Success (status code not shown, so any 2xx) has the body { dataSource: <Data source> } with every listed response field of its stated type.',
  ),
  R('DS-NO-ROWS', 'Endpoints > Update data source; Resources > Data source', 'The update response carries no rows.'),
  R(
    'DS-REPLACES',
    'Endpoints > Update data source',
    'The operation replaces the configuration: the response shows the name, type and columns sent, columns in the order sent.',
  ),
  R('DS-LAST-UPDATED', 'Resources > Data source', 'lastUpdatedTime is an ISO 8601 UTC timestamp with fractional seconds.'),
  R(
    'DS-LAST-UPDATED-NOW',
    'Resources > Data source',
    "lastUpdatedTime in the answer to an update is the time of that update: within 15 minutes of the answer's Date header, the clock of that answer (a gateway's clock may write it), and never before the time the update before it showed by more than instances' clocks differ; never set against the clock of the machine that runs the checks (should: the interface gives the format, and a time of last update that is not the time of the update says nothing).",
    'should',
  ),
  R(
    'DS-VERSION',
    'Resources > Data source; Versioning',
    'version is the version counter of the data source: it rises with every accepted update, whether the update changes its name, its columns or only its rows (should: the interface calls it a version counter and says no more).',
    'should',
  ),
  R(
    'DS-LINKS',
    'Resources > Data source (links)',
    'links.self is /v1/data-sources/<data_source_id> and links.acl /v1/data-sources/<data_source_id>/acl{?subjectId}, built from the data source id.',
  ),
  R(
    'DS-ROWS-FIT',
    'Resources > Data source (rows)',
    'Each row holds one string per column, in column order (numbers and booleans written as strings); rows that do not fit the columns are not accepted.',
  ),
  R(
    'DS-TYPES',
    'Endpoints > Update data source',
    'The update body is { dataSource: { name: string, type: string, columnsMetadata: array of column, rows: array of array of string } }: a value of another type is not accepted.',
  ),
  R(
    'DS-DELETE',
    'Endpoints > Delete data source by ID',
    'Delete succeeds (status code and body not shown, so any 2xx) on an existing data source; of two deletes of it sent at once, one succeeds and the other may find it gone (404).',
  ),
  R(
    'DS-DELETE-PERMANENT',
    'Endpoints > Delete data source by ID',
    'Delete permanently removes the data source: afterwards the id is not found (404), also after two deletes sent at once, and still 2 s later.',
  ),

  R(
    'DS-DELETED-NOT-UPDATED',
    'Endpoints > Delete data source by ID',
    'Delete permanently removes the data source: whether an update of it afterwards is accepted is noted, never failed, since the errors of an update are not shown and a PUT may be read as one that creates (its coming back is DS-DELETE-PERMANENT).',
    'should',
  ),

  // Teams
  R(
    'TEAM-MEMBER-DELETE',
    'Endpoints > Delete a team member',
    'Removing a member of the team succeeds (status code and body not shown, so any 2xx); of two removals of them sent at once, one succeeds and the other may find them gone (404).',
  ),
  R(
    'TEAM-MEMBER-THAT-TEAM',
    'Endpoints > Delete a team member; Errors > Error cases',
    'Removing a member removes the user from the team the path names, and from no other: a member of one team removed from a team that does not exist is not removed (the request is refused with a 4xx, such as 404 for the team not found, or 403), and is still a member of their own team.',
  ),
  R(
    'TEAM-MEMBER-GONE',
    'Endpoints > Delete a team member',
    'The user is removed from the team: removing the same member again is answered 404, also after two removals sent at once, and still 2 s later.',
  ),

  // Logged requests
  R(
    'LR-RESPONSE',
    'Endpoints > Get request by ID; Resources > Logged request',
    'Success (status code not shown, so any 2xx) has the logged request as the body, with every listed field of its stated type.',
  ),
  R('LR-IDENTITY', 'Endpoints > Get request by ID', 'The logged request returned is the one asked for: its id is the path requestId.'),
  R(
    'LR-DATE',
    'Resources > Logged request',
    'loggedDate (Unix time in milliseconds) and loggedDateString (ISO 8601 UTC, second precision) are the same instant.',
  ),
  R('LR-DATE-FORMAT', 'Resources > Logged request', 'loggedDateString is an ISO 8601 UTC timestamp at second precision.'),
  R('LR-BODY', 'Resources > Logged request', 'bodyAsBase64 is the request body in Base64 and body is the same body as text.'),
  R(
    'LR-URL',
    'Resources > Logged request',
    'url is the path and query as received and absoluteUrl the full URL as received: absoluteUrl ends with url, and url begins with /, holds no scheme or authority, and equals the path and query of absoluteUrl.',
  ),
  R(
    'LR-CLIENT-IP',
    'Resources > Logged request',
    'clientIp is the address of the client: an IP address (IPv4, or IPv6 as RFC 4291 writes it), not a host name or other text.',
  ),
  R(
    'LR-CLIENT-IP-FORM',
    'Resources > Logged request',
    'clientIp is the IP address alone, not with the client port, in brackets or the list of a forwarding chain: noted, never failed, since each still names the address of the client.',
    'should',
  ),
  R(
    'LR-HEADERS',
    'Resources > Logged request',
    'headers is header name to header value: each name a field name, a token of RFC 9110 §5.1 (no colon, no space).',
  ),
  R(
    'LR-COOKIES',
    'Resources > Logged request',
    'cookies is cookie name to value: where headers show the Cookie header, cookies holds each of its pairs and no others.',
  ),
  R('LR-METHOD', 'Resources > Logged request', 'method is an HTTP method: a token of RFC 9110 §9.1 (no space, no separator).'),

  // Push and jobs
  R('PUSH-STATUS', 'Endpoints > Push OpenAPI document to Git', 'Success is 202.'),
  R(
    'PUSH-RESPONSE',
    'Endpoints > Push OpenAPI document to Git; Resources > Job',
    'The success body is { job: <Job> } with every listed field of its stated type (finished and outcome only when present).',
  ),
  R(
    'PUSH-TYPES',
    'Endpoints > Push OpenAPI document to Git',
    'The push body is { push: { outOfSyncPolicy: string } }: an outOfSyncPolicy of another type is not accepted.',
  ),
  R(
    'JOB-TYPE',
    'Resources > Job',
    'jobType is a string; the value open-api-git-pull occurs, also in the response of the push operation, and values other than those named are not shown (so any string is accepted and recorded).',
  ),
  R('JOB-STARTED', 'Resources > Job', 'started is an ISO 8601 UTC timestamp with nanosecond precision.'),
  R('JOB-FINISHED', 'Resources > Job', 'finished, when present, is an ISO 8601 UTC timestamp.'),
  R(
    'JOB-TIMES-NOW',
    'Resources > Job; Endpoints > Push OpenAPI document to Git',
    "started, and finished where present, of the job a push answers with are UTC timestamps of that push: each within 15 minutes of the answer's Date header, the clock of that answer (a gateway's clock may write it), never set against the checker's clock; a local time written with Z is not UTC.",
  ),
  R(
    'JOB-FINISHED-PRESENT',
    'Resources > Job',
    'finished is present once the job has finished: a job with the status ERROR, the end the interface names, carries it.',
  ),
  R(
    'JOB-FINISHED-STAGE',
    'Resources > Job',
    'finished follows the stage a status the interface does not name says by its word (FAILED an end, RUNNING under way) or an outcome says: noted, never failed, since only ERROR is named.',
    'should',
  ),
  R('JOB-ELAPSED', 'Resources > Job', 'elapsed is an ISO 8601 duration.'),
  R('JOB-LINKS', 'Resources > Job', 'links.self is /v1/mock-apis/<mock_api_id>/jobs/<job_id>, built from the mock API id and the job id.'),
  R(
    'JOB-TIMES',
    'Resources > Job',
    'started, finished and elapsed describe one run of the job: finished, when present, is not before started, and elapsed agrees with the time from started to finished within 1 second (should: the interface gives their formats, not how they relate).',
    'should',
  ),
  R(
    'JOB-OUTCOME',
    'Resources > Job',
    'outcome, when present, has errorCode (string) and errors (array of entries with code integer, title string, detail string).',
  ),

  // Versioning
  R(
    'VER-PREFIX',
    'Versioning',
    'Every path begins with the prefix /v1.',
    'must',
    'A statement about the paths the interface defines; the description (schemas/openapi.yaml) is tested for it, and every link check requires /v1.',
  ),
] as const satisfies readonly Requirement[];

export type RequirementId = (typeof REQUIREMENTS)[number]['id'];

const byId = new Map<string, Requirement>(REQUIREMENTS.map((r) => [r.id, r]));

export function requirement(id: RequirementId): Requirement {
  return byId.get(id)!;
}

export function isRequirementId(id: string): id is RequirementId {
  return byId.has(id);
}
