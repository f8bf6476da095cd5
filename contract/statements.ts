// The ledger of statements: every statement of spec/interface.md in the spec's own words (a sentence, a
// bullet, or a table row written `cell | cell | cell`), under its heading path, with a stable id and a status.
// `statements` prints it, the reports group a run's checks by it, and test/contract/statements.test.ts holds it to
// the spec, to the register (REQUIREMENTS), to the catalogue of checks, to the faults and to the freedoms. Ids are
// stable: add, never rename. A judgement is one line, so that a new requirement or a new fault changes one line of
// the ledger; a line ends with why the words leave no freedom, where they leave none (freedomReason).
import type { RequirementId } from './requirements.ts';

/**
 * verified: the checks of its requirements judge it; open: the spec leaves the answer open ("not shown"), which is
 * recorded and never failed; not-judgeable: nothing a checker sends or receives can show it, and the reason says why.
 */
export type StatementStatus = 'verified' | 'open' | 'not-judgeable';

export const STATEMENT_STATUSES: readonly StatementStatus[] = ['verified', 'open', 'not-judgeable'];

export interface Statement {
  /** AREA.words, stable */
  id: string;
  /** the spec's heading path, `Resources and their fields > Organisation` */
  section: string;
  /** the spec's own words */
  text: string;
  status: StatementStatus;
  /** the requirements whose checks judge it (verified only) */
  requirements: readonly RequirementId[];
  /**
   * open: the spec's "not shown" words; not-judgeable: why; verified: set only when the checks hold less than
   * the words, or no fault breaks these words alone, and says what is missing
   */
  reason?: string;
  /**
   * Why no answer but the reference's own meets these words, where no freedom of the reference (reference/freedoms/,
   * Freedom.bends) bends them: a verified statement has a freedom or this.
   */
  freedomReason?: string;
}

type Judgement = Pick<Statement, 'status' | 'requirements' | 'reason'>;

/** Judged by the checks of these requirements, and a fault of them breaks exactly these words. */
const held = (...requirements: RequirementId[]): Judgement => ({ status: 'verified', requirements });
/** Judged by these requirements' checks, but they hold less than the words or no fault breaks the words alone: `gap` says what. */
const heldInPart = (gap: string, ...requirements: RequirementId[]): Judgement => ({ status: 'verified', requirements, reason: gap });
/** The spec leaves it open: its words. */
const open = (words: string): Judgement => ({ status: 'open', requirements: [], reason: words });
/** Not judgeable from outside: why. */
const outside = (why: string): Judgement => ({ status: 'not-judgeable', requirements: [], reason: why });

const statementsOf = (section: string, entries: readonly [id: string, text: string, judgement: Judgement, freedomReason?: string][]): Statement[] =>
  entries.map(([id, text, judgement, freedomReason]) => ({ id, section, text, ...judgement, ...(freedomReason === undefined ? {} : { freedomReason }) }));

const DOCUMENT = 'a statement about the document, not about any answer of a deployment';

const INTRO: Statement[] = [
  ...statementsOf('Mock API Management Service: HTTP Interface', [
    [
      'INTRO.document',
      'This document covers the whole interface: purpose, resources, states, endpoints, authentication, events, errors, limits and versioning. It is the only document.',
      outside(DOCUMENT),
    ],
  ]),
  ...statementsOf('What the service does', [
    [
      'INTRO.service',
      'The service is a hosted management API for mock APIs: simulated HTTP services that return configured responses.',
      outside('what the service is for; no answer shows it'),
    ],
    [
      'INTRO.https-json',
      'Clients use it over HTTPS with JSON bodies to manage accounts and the objects that surround mock APIs.',
      heldInPart('the JSON bodies are judged; HTTPS is not: the base URL given decides the scheme, and the embedded reference is served over http', 'GEN-JSON'),
    ],
    [
      'INTRO.areas',
      'The operations are grouped into these areas: users, teams, organisations, usage, mock APIs, mock API versioning, data sources, database connections, security, access control, API templates, background jobs (for example an OpenAPI import), OpenAPI description, settings, stub mappings, logged requests, recordings, state (scenarios), imports and mock hosts.',
      outside('how the operations are grouped; the checker sends only the operations listed under Endpoints'),
    ],
    [
      'INTRO.other-groups',
      'Operations of groups other than those listed under Endpoints: not shown.',
      open('Operations of groups other than those listed under Endpoints: not shown.'),
    ],
    [
      'INTRO.base-url',
      'Base addresses: `{base_url}` is the production deployment.',
      outside('the checker is given a base URL and cannot tell the production deployment from another'),
    ],
    [
      'INTRO.mock-base-url',
      'A second deployment, `{mock_base_url}`, is a mock deployment of the same interface.',
      outside('the user says which deployment is a mock one (--profile mock); no answer shows it'),
    ],
    [
      'INTRO.relative-paths',
      'All paths below are relative to the base address.',
      outside('how a client forms a URL: every check sends its paths below the base URL given, so it is assumed, not judged'),
    ],
  ]),
];

const GENERAL: Statement[] = statementsOf('What the service does > General conventions', [
  [
    'GEN.json',
    'Request and response bodies are JSON (`application/json`), except the 401 body, which is plain text.',
    held('GEN-JSON', 'GEN-NOT-JSON', 'AUTH-401-BODY'),
  ],
  [
    'GEN.update-wrap',
    'Update operations use PUT with a body that wraps the object in a single top-level property named after the resource (`chaos`, `state`, `organisation`, `dataSource`, `push`).',
    held('GEN-WRAP-REQUEST'),
  ],
  [
    'GEN.response-wrap',
    'Responses that return a resource wrap it in a top-level property named after the resource (`organisation`, `dataSource`, `chaos`, `state`, `job`).',
    held('GEN-WRAP-RESPONSE'),
  ],
  ['GEN.logged-request-unwrapped', 'The logged request is returned unwrapped.', held('GEN-UNWRAPPED-LOGGED-REQUEST')],
  ['GEN.links', 'Resource representations may carry a `links` object of relative paths.', held('ORG-LINKS', 'DS-LINKS', 'JOB-LINKS')],
  ['GEN.uri-template', 'A link ending in `{?subjectId}` is a URI template with an optional `subjectId` query parameter.', held('ORG-LINKS', 'DS-LINKS')],
]);

const NOT_GIVEN = 'format not given beyond string';

const IDENTIFIERS: Statement[] = statementsOf('Resources and their fields > Identifiers', [
  ['ID.mockApiId', 'mockApiId | path | string | length 5 to 10', held('ID-MOCK-API-LENGTH')],
  ['ID.organisationId', 'organisationId | path | string | format not given beyond string', open(NOT_GIVEN)],
  ['ID.teamId', 'teamId | path | string | format not given beyond string', open(NOT_GIVEN)],
  ['ID.userId', 'userId | path | string | format not given beyond string', open(NOT_GIVEN)],
  ['ID.dataSourceId', 'dataSourceId | path | string | format not given beyond string', open(NOT_GIVEN)],
  [
    'ID.requestId',
    'requestId | path | string | identifier of a logged request; the response shows it as a UUID-shaped string',
    held('ID-REQUEST-UUID', 'LR-IDENTITY'),
  ],
]);

const ORGANISATION: Statement[] = [
  ...statementsOf('Resources and their fields > Organisation', [
    ['ORG.id', 'id | string | organisation identifier', held('ORG-RESPONSE', 'ORG-IDENTITY')],
    [
      'ORG.name',
      'name | string | the only field that the update request carries',
      held('ORG-RESPONSE', 'ORG-TYPES', 'ORG-RENAME'),
      "the name an answer shows is the one last sent: a string, and no other (whether it is required is ORG.whether-name-required's freedom)",
    ],
    ['ORG.aclSubject', 'aclSubject | string | identifier of the organisation as an access-control subject', held('ORG-RESPONSE', 'ORG-LINKS')],
    ['ORG.aclObject', 'aclObject | string | identifier of the organisation as an access-control object', held('ORG-RESPONSE', 'ORG-LINKS')],
    ['ORG.emailAddress', 'emailAddress | string | e-mail address (`<EMAIL>`)', held('ORG-EMAIL', 'ORG-EMAIL-FORM', 'ORG-RESPONSE')],
    ['ORG.links', 'links | object | see below', held('ORG-LINKS')],
    ['ORG.whether-name-required', 'Whether `name` is required on update: not shown.', open('Whether `name` is required on update: not shown.')],
  ]),
  ...statementsOf('Resources and their fields > Organisation > links', [
    ['ORG.links.strings', '`links` of an organisation (all strings, relative paths):', held('ORG-LINKS')],
    ['ORG.links.self', 'self | `/v1/organisations/<organisation_id>`', held('ORG-LINKS')],
    ['ORG.links.users', 'users | `/v1/organisations/<organisation_id>/users`', held('ORG-LINKS')],
    ['ORG.links.teams', 'teams | `/v1/organisations/<organisation_id>/teams`', held('ORG-LINKS')],
    ['ORG.links.subscription', 'subscription | `/v1/subscriptions/<subscription_id>`', held('ORG-LINKS')],
    ['ORG.links.invitations', 'invitations | `/v1/organisations/<organisation_id>/invitations`', held('ORG-LINKS')],
    ['ORG.links.aclSubject', 'aclSubject | `/v1/acl/subjects/<acl_subject_id>`', held('ORG-LINKS')],
    ['ORG.links.aclObject', 'aclObject | `/v1/acl/objects/<acl_object_id>`', held('ORG-LINKS')],
    ['ORG.links.acl', 'acl | `/v1/organisations/<organisation_id>/acl{?subjectId}`', held('ORG-LINKS')],
  ]),
];

/** Why the parts of a data source's configuration have no freedom. */
const SENT_BACK = 'an update replaces the configuration, so its answer shows the parts sent, as sent; the words leave no other';

const DATA_SOURCE: Statement[] = statementsOf('Resources and their fields > Data source', [
  ['DS.id', 'id | string | identifier', held('DS-RESPONSE', 'DS-LINKS')],
  ['DS.aclObject', 'aclObject | string | access-control object identifier', held('DS-RESPONSE')],
  ['DS.name', 'name | string | display name; sent on update', held('DS-RESPONSE', 'DS-REPLACES', 'DS-TYPES'), SENT_BACK],
  [
    'DS.lastUpdatedTime',
    'lastUpdatedTime | string | ISO 8601 UTC timestamp with fractional seconds; response only',
    held('DS-RESPONSE', 'DS-LAST-UPDATED', 'DS-LAST-UPDATED-NOW'),
  ],
  ['DS.version', 'version | integer | version counter of the data source; response only', held('DS-RESPONSE', 'DS-VERSION')],
  ['DS.type', 'type | string | the value `CSV` occurs', held('DS-RESPONSE', 'DS-REPLACES', 'DS-TYPES'), SENT_BACK],
  [
    'DS.columnsMetadata',
    'columnsMetadata | array of column | ordered column definitions; sent on update',
    held('DS-RESPONSE', 'DS-REPLACES', 'DS-TYPES'),
    `${SENT_BACK}, and "ordered" fixes their order`,
  ],
  [
    'DS.rows',
    'rows | array of array of string | sent on update; each row holds one string per column, in column order; numbers and booleans are written as strings; not present in the update response',
    held('DS-ROWS-FIT', 'DS-TYPES', 'DS-NO-ROWS'),
  ],
  ['DS.state', 'state | string | the value `ENABLED` occurs; response only', held('DS-RESPONSE')],
  ['DS.links', 'links | object | `self` = `/v1/data-sources/<data_source_id>`; `acl` = `/v1/data-sources/<data_source_id>/acl{?subjectId}`', held('DS-LINKS')],
  [
    'DS.column',
    'Column object: `name` (string) and `type` (object with `name` string and, for dates, `format` string).',
    held('DS-RESPONSE', 'DS-TYPES', 'DS-REPLACES'),
  ],
  [
    'DS.column-type-names',
    'Column type names that occur: `STRING`, `DATE` (with `format` value `iso8601`), `BOOLEAN`, `INTEGER`.',
    held('DS-REPLACES', 'DS-ROWS-FIT', 'DS-RESPONSE'),
    `${SENT_BACK}: the names of the columns' types are the ones sent`,
  ],
  [
    'DS.other-values',
    'Allowed values of `type` other than `CSV`, of column type names other than the four, and of `state` other than `ENABLED`: not shown.',
    open('Allowed values of `type` other than `CSV`, of column type names other than the four, and of `state` other than `ENABLED`: not shown.'),
  ],
  ['DS.connection-details', 'Connection-detail fields of a data source: not shown.', open('Connection-detail fields of a data source: not shown.')],
]);

const CHAOS: Statement[] = statementsOf('Resources and their fields > Chaos settings (object `chaos`)', [
  ['CHAOS.about', 'Settings that make a mock API fail randomly.', outside('what the settings do to the mock API: the checker sends no request to a mock API')],
  ['CHAOS.enabled', 'enabled | boolean |  | master switch for chaos testing', held('CHAOS-TYPES', 'CHAOS-RESPONSE')],
  [
    'CHAOS.percentageFailures',
    'percentageFailures | number (double) | 0 to 100 inclusive | percentage of requests that receive a failure response',
    held('CHAOS-PERCENTAGE-LIMIT', 'CHAOS-VALUES', 'CHAOS-RESPONSE', 'CHAOS-TYPES'),
  ],
  [
    'CHAOS.socketClose',
    'socketClose | object `{enabled: boolean}` |  | randomly close the socket without sending a response',
    held('CHAOS-TYPES', 'CHAOS-ECHO'),
  ],
  ['CHAOS.socketReset', 'socketReset | object `{enabled: boolean}` |  | randomly reset the socket connection', held('CHAOS-TYPES', 'CHAOS-ECHO')],
  ['CHAOS.invalidHttp', 'invalidHttp | object `{enabled: boolean}` |  | randomly return an invalid HTTP response', held('CHAOS-TYPES', 'CHAOS-ECHO')],
  [
    'CHAOS.longDelay',
    'longDelay | object `{enabled: boolean, durationMillis: integer}` | durationMillis in milliseconds | randomly delay the response by a long time',
    held('CHAOS-VALUES', 'CHAOS-TYPES', 'CHAOS-ECHO'),
  ],
  [
    'CHAOS.httpErrors',
    'httpErrors | array of `{status: integer}` | status 400 to 599 inclusive | HTTP error status codes to return at random',
    held('CHAOS-HTTP-STATUS-LIMIT', 'CHAOS-ECHO', 'CHAOS-TYPES'),
  ],
  ['CHAOS.no-defaults', 'No defaults are given for these fields.', open('No defaults are given for these fields.')],
]);

const STATE: Statement[] = statementsOf('Resources and their fields > State settings (object `state`)', [
  [
    'STATE.defaultContextExpression',
    'defaultContextExpression | string | a template expression (double-brace syntax that can reference parts of the request, for example a header) that yields the default context of dynamic state',
    held('STATE-TYPES', 'STATE-EXPRESSION', 'STATE-RESPONSE'),
  ],
]);

/** The logged request is the fixture's, which the checker did not send: its fields are held to each other. */
const AS_RECEIVED = 'held to agree with each other, not with the request as received: the checker did not send the logged request';

const LOGGED_REQUEST: Statement[] = [
  ...statementsOf('Resources and their fields > Logged request', [
    ['LR.id', 'id | string | UUID-shaped identifier', held('ID-REQUEST-UUID', 'LR-IDENTITY')],
    ['LR.request', 'request | object | the received request, below', held('LR-RESPONSE')],
    ['LR.responseDefinition', 'responseDefinition | object | the response that was served, below', held('LR-RESPONSE')],
  ]),
  ...statementsOf('Resources and their fields > Logged request > request', [
    [
      'LR.request.url',
      'url | string | path and query as received',
      heldInPart(AS_RECEIVED, 'LR-URL'),
      'the request target as received is one text: another spelling of it is another request (absoluteUrl, around it, is bent by logged-request-other-forms)',
    ],
    ['LR.request.absoluteUrl', 'absoluteUrl | string | full URL as received', heldInPart(AS_RECEIVED, 'LR-URL')],
    ['LR.request.method', 'method | string | HTTP method', held('LR-METHOD', 'LR-RESPONSE')],
    ['LR.request.clientIp', 'clientIp | string | address of the client', held('LR-CLIENT-IP', 'LR-CLIENT-IP-FORM', 'LR-RESPONSE')],
    ['LR.request.headers', 'headers | object | header name to header value', held('LR-HEADERS', 'LR-RESPONSE')],
    ['LR.request.cookies', 'cookies | object | cookie name to value', held('LR-COOKIES', 'LR-RESPONSE')],
    ['LR.request.browserProxyRequest', 'browserProxyRequest | boolean |', held('LR-RESPONSE')],
    ['LR.request.loggedDate', 'loggedDate | integer | Unix time in milliseconds', held('LR-DATE', 'LR-RESPONSE')],
    ['LR.request.loggedDateString', 'loggedDateString | string | ISO 8601 UTC timestamp, second precision', held('LR-DATE-FORMAT', 'LR-DATE')],
    ['LR.request.body', 'body | string | request body as text', heldInPart(AS_RECEIVED, 'LR-BODY')],
    [
      'LR.request.bodyAsBase64',
      'bodyAsBase64 | string | request body, Base64',
      heldInPart(AS_RECEIVED, 'LR-BODY'),
      'Base64 (RFC 4648 section 4: the standard alphabet, padded, no line breaks) writes given octets one way only',
    ],
  ]),
  ...statementsOf('Resources and their fields > Logged request > responseDefinition', [
    ['LR.response.status', 'status | integer | HTTP status served', held('LR-RESPONSE')],
    ['LR.response.transformers', 'transformers | array |', held('LR-RESPONSE')],
    ['LR.response.fromConfiguredStub', 'fromConfiguredStub | boolean | whether a configured stub produced the response', held('LR-RESPONSE')],
    ['LR.response.transformerParameters', 'transformerParameters | object |', held('LR-RESPONSE')],
    ['LR.response.transformers-items', 'Allowed items of `transformers`: not shown.', open('Allowed items of `transformers`: not shown.')],
  ]),
];

const JOB: Statement[] = statementsOf('Resources and their fields > Job (background job)', [
  ['JOB.id', 'id | string | UUID-shaped identifier', held('PUSH-RESPONSE', 'JOB-LINKS')],
  ['JOB.jobType', 'jobType | string | the value `open-api-git-pull` occurs, also in the response of the push operation', held('JOB-TYPE')],
  ['JOB.status', 'status | string | the value `ERROR` occurs', held('PUSH-RESPONSE')],
  ['JOB.started', 'started | string | ISO 8601 UTC timestamp, nanosecond precision', held('JOB-STARTED', 'JOB-TIMES', 'JOB-TIMES-NOW')],
  [
    'JOB.finished',
    'finished | string | ISO 8601 UTC timestamp; present once the job has finished',
    held('JOB-FINISHED-PRESENT', 'JOB-FINISHED-STAGE', 'JOB-FINISHED', 'JOB-TIMES', 'JOB-TIMES-NOW'),
  ],
  ['JOB.elapsed', 'elapsed | string | ISO 8601 duration', held('JOB-ELAPSED', 'JOB-TIMES')],
  ['JOB.links', 'links | object | `self` = `/v1/mock-apis/<mock_api_id>/jobs/<job_id>`', held('JOB-LINKS')],
  [
    'JOB.outcome',
    'outcome | object | `errorCode` (string, the value `NO_LOCAL_HEAD` occurs) and `errors` (array of error entries with `code` integer, `title` string, `detail` string)',
    held('JOB-OUTCOME'),
  ],
  [
    'JOB.other-values',
    'Values of `status`, `jobType` and `errorCode` other than those named: not shown.',
    open('Values of `status`, `jobType` and `errorCode` other than those named: not shown.'),
  ],
  ['RES.other-resources', 'Fields of the mock API, team and user resources: not shown.', open('Fields of the mock API, team and user resources: not shown.')],
]);

const ERROR_ENTRY: Statement[] = statementsOf('Resources and their fields > Error entry', [
  ['RES.error-entry', 'See Errors.', outside('a pointer to Errors, which the ledger records there')],
]);

const STATES: Statement[] = [
  ...statementsOf('States and transitions > States that occur as values', [
    ['STATES.data-source-state', 'Data source | state | ENABLED', held('DS-RESPONSE')],
    [
      'STATES.job-status',
      'Job | status | ERROR',
      heldInPart(
        'that `ERROR` occurs binds no answer (other values are not shown), so no fault breaks these words alone: the status is judged as a string, which the fault of JOB.status breaks',
        'PUSH-RESPONSE',
      ),
    ],
  ]),
  ...statementsOf('States and transitions', [
    [
      'STATES.other-values',
      'Other values of these fields exist only as far as listed in Resources and their fields.',
      open('Allowed values of `type` other than `CSV`, of column type names other than the four, and of `state` other than `ENABLED`: not shown.'),
    ],
    [
      'STATES.chaos-enabled',
      'Chaos testing is switched by the boolean `chaos.enabled`; that is a setting, not a life cycle.',
      held('CHAOS-TYPES'),
      'a boolean is true or false, and the settings come back as sent',
    ],
    ['STATES.transitions', 'Transitions: not shown.', open('Transitions: not shown.')],
  ]),
];

const NO_BODY = outside('says what a client sends: the checker sends none, and what a deployment does with a body it was not meant to get is not said');
const PATH_MOVED =
  'a path moved elsewhere leaves the documented one answering 404, which no answer tells from a resource not found: the run reports its fixture missing, or the operation failing, not these words';
/** Two operations share the path: a move of one leaves its method answered 405 there, a move of both leaves 404. */
const SHARED_PATH_MOVED =
  'a move of this operation alone shows, as 405 at the path the other operation still serves; a move of the whole path leaves it answering 404, which no answer tells from a resource not found';
const ERRORS_OPEN = open('Errors: not shown.');
const SUCCESS_OPEN = open('Success: status code and body not shown.');
const ERRORS_401_403 = 'Errors: 401 (plain text body), 403 (error list body)';
const UNREACHABLE_QUERY = 'the `Invalid query parameter format` body cannot be reached: no endpoint takes a query parameter';

const ENDPOINTS: Statement[] = [
  ...statementsOf('Endpoints', [
    ['EP.authorization', 'All endpoints require the Authorization header (see Authentication).', held('AUTH-401-MISSING')],
    ['EP.path-parameters', 'Path parameters are listed with their constraints under Resources and their fields.', outside(DOCUMENT)],
    ['EP.no-query-parameter', 'None of the endpoints below takes a query parameter.', held('GEN-NO-QUERY-PARAMETER')],
  ]),
  ...statementsOf('Endpoints > Update chaos settings', [
    ['EP.updateChaosSettings.method-path', 'Method and path: `PUT /v1/mock-apis/{mockApiId}/settings/chaos`', heldInPart(PATH_MOVED, 'EP-METHOD-PATH')],
    [
      'EP.updateChaosSettings.request',
      'Request body (JSON, required): `{ chaos: <Chaos settings> }`. The `chaos` property is required.',
      held('GEN-WRAP-REQUEST', 'CHAOS-TYPES'),
    ],
    [
      'EP.updateChaosSettings.success',
      'Success: 200, body `{ chaos: <Chaos settings> }` (the updated settings).',
      held('CHAOS-STATUS', 'CHAOS-RESPONSE', 'CHAOS-ECHO'),
    ],
    ['EP.updateChaosSettings.errors', `${ERRORS_401_403}.`, held('AUTH-401-BODY', 'AUTH-403-BODY')],
  ]),
  ...statementsOf('Endpoints > Update state settings', [
    ['EP.updateStateSettings.method-path', 'Method and path: `PUT /v1/mock-apis/{mockApiId}/settings/state`', heldInPart(PATH_MOVED, 'EP-METHOD-PATH')],
    ['EP.updateStateSettings.request', 'Request body (JSON): `{ state: { defaultContextExpression: string } }`', held('GEN-WRAP-REQUEST', 'STATE-TYPES')],
    [
      'EP.updateStateSettings.success',
      'Success: status code not shown; body `{ state: { defaultContextExpression: string } }` (the updated settings).',
      held('STATE-RESPONSE', 'STATE-ECHO'),
    ],
    ['EP.updateStateSettings.errors', `${ERRORS_401_403}.`, held('AUTH-401-BODY', 'AUTH-403-BODY')],
  ]),
  ...statementsOf('Endpoints > Get organisation by ID', [
    ['EP.getOrganisation.method-path', 'Method and path: `GET /v1/organisations/{organisationId}`', heldInPart(SHARED_PATH_MOVED, 'EP-METHOD-PATH')],
    ['EP.getOrganisation.request', 'Request body: none.', NO_BODY],
    ['EP.getOrganisation.success', 'Success: status code not shown; body `{ organisation: <Organisation> }`.', held('ORG-RESPONSE', 'GEN-WRAP-RESPONSE')],
    ['EP.getOrganisation.errors', `${ERRORS_401_403}, 404 (body \`{code, message}\`).`, held('AUTH-401-BODY', 'AUTH-403-BODY', 'ERR-404')],
  ]),
  ...statementsOf('Endpoints > Update organisation', [
    ['EP.updateOrganisation.method-path', 'Method and path: `PUT /v1/organisations/{organisationId}`', heldInPart(SHARED_PATH_MOVED, 'EP-METHOD-PATH')],
    ['EP.updateOrganisation.request', 'Request body (JSON): `{ organisation: { name: string } }`', held('GEN-WRAP-REQUEST', 'ORG-TYPES')],
    [
      'EP.updateOrganisation.success',
      'Success: status code not shown; body `{ organisation: <Organisation> }` (the updated organisation).',
      held('ORG-RESPONSE', 'ORG-RENAME'),
    ],
    [
      'EP.updateOrganisation.errors',
      `${ERRORS_401_403}, 404 (body \`{code, message}\`); two further error-list bodies exist, titled \`Invalid query parameter format\` and \`Invalid JSON\` (see Errors).`,
      heldInPart(UNREACHABLE_QUERY, 'AUTH-401-BODY', 'AUTH-403-BODY', 'ERR-404', 'ERR-INVALID-JSON'),
    ],
  ]),
  ...statementsOf('Endpoints > Delete data source by ID', [
    [
      'EP.deleteDataSource.method-path',
      'Method and path: `DELETE /v1/data-sources/{dataSourceId}`',
      heldInPart(SHARED_PATH_MOVED, 'EP-METHOD-PATH', 'DS-DELETE'),
    ],
    ['EP.deleteDataSource.request', 'Request body: none.', NO_BODY],
    ['EP.deleteDataSource.effect', 'Effect: permanently removes the data source.', held('DS-DELETE-PERMANENT', 'DS-DELETED-NOT-UPDATED')],
    [
      'EP.deleteDataSource.effect-on-mock-apis',
      'Mock APIs that reference it can no longer template responses from it.',
      outside('what a mock API answers: the checker sends no request to a mock API'),
    ],
    ['EP.deleteDataSource.success', 'Success: status code and body not shown.', SUCCESS_OPEN],
    [
      'EP.deleteDataSource.errors',
      `${ERRORS_401_403}, 404 (body \`{code, message}\`); error-list bodies titled \`Invalid query parameter format\` and \`Invalid JSON\` exist (see Errors).`,
      heldInPart(`${UNREACHABLE_QUERY}, and \`Invalid JSON\` not by a request without a body`, 'AUTH-401-BODY', 'AUTH-403', 'AUTH-403-BODY', 'ERR-404'),
    ],
  ]),
  ...statementsOf('Endpoints > Update data source', [
    ['EP.updateDataSource.method-path', 'Method and path: `PUT /v1/data-sources/{dataSourceId}`', heldInPart(SHARED_PATH_MOVED, 'EP-METHOD-PATH')],
    [
      'EP.updateDataSource.request',
      'Request body (JSON): `{ dataSource: { name: string, type: string, columnsMetadata: array of column, rows: array of array of string } }`.',
      held('GEN-WRAP-REQUEST', 'DS-TYPES'),
    ],
    ['EP.updateDataSource.replaces', 'The operation replaces the data source configuration.', held('DS-REPLACES'), SENT_BACK],
    ['EP.updateDataSource.success', 'Success: status code not shown; body `{ dataSource: <Data source> }` without `rows`.', held('DS-RESPONSE', 'DS-NO-ROWS')],
    ['EP.updateDataSource.errors', 'Errors: not shown.', ERRORS_OPEN],
  ]),
  ...statementsOf('Endpoints > Delete a team member', [
    [
      'EP.deleteTeamMember.method-path',
      'Method and path: `DELETE /v1/teams/{teamId}/members/{userId}`',
      heldInPart(PATH_MOVED, 'EP-METHOD-PATH', 'TEAM-MEMBER-DELETE'),
    ],
    ['EP.deleteTeamMember.request', 'Request body: none.', NO_BODY],
    ['EP.deleteTeamMember.effect', 'Effect: removes the user from the team.', held('TEAM-MEMBER-GONE', 'TEAM-MEMBER-THAT-TEAM')],
    ['EP.deleteTeamMember.success', 'Success: status code and body not shown.', SUCCESS_OPEN],
    [
      'EP.deleteTeamMember.errors',
      `${ERRORS_401_403}, 404 (body \`{code, message}\`), and a general error-list body with entry fields \`title\`, \`code\`, \`detail\`, \`source\`.`,
      held('AUTH-401-BODY', 'AUTH-403-BODY', 'ERR-404', 'ERR-ERROR-LIST'),
    ],
  ]),
  ...statementsOf('Endpoints > Get request by ID', [
    ['EP.getLoggedRequest.method-path', 'Method and path: `GET /v1/mock-apis/{mockApiId}/requests/{requestId}`', heldInPart(PATH_MOVED, 'EP-METHOD-PATH')],
    ['EP.getLoggedRequest.request', 'Request body: none.', NO_BODY],
    ['EP.getLoggedRequest.effect', 'Effect: returns one logged request received by the mock API.', held('LR-IDENTITY', 'LR-RESPONSE', 'ERR-UNKNOWN-ID')],
    ['EP.getLoggedRequest.success', 'Success: status code not shown; body `<Logged request>`.', held('LR-RESPONSE', 'GEN-UNWRAPPED-LOGGED-REQUEST')],
    ['EP.getLoggedRequest.errors', 'Errors: not shown.', ERRORS_OPEN],
  ]),
  ...statementsOf('Endpoints > Push OpenAPI document to Git', [
    ['EP.pushOpenApiToGit.method-path', 'Method and path: `PUT /v1/mock-apis/{mockApiId}/open-api/push`', heldInPart(PATH_MOVED, 'EP-METHOD-PATH')],
    [
      'EP.pushOpenApiToGit.effect',
      'Effect: pushes the OpenAPI document of the mock API to its connected Git repository, as a background job.',
      heldInPart('the job answered is judged; the push into the Git repository is not seen from outside', 'PUSH-RESPONSE'),
    ],
    ['EP.pushOpenApiToGit.request', 'Request body (JSON): `{ push: { outOfSyncPolicy: string } }`.', held('GEN-WRAP-REQUEST', 'PUSH-TYPES')],
    ['EP.pushOpenApiToGit.policies', 'Allowed values of `outOfSyncPolicy`: not shown.', open('Allowed values of `outOfSyncPolicy`: not shown.')],
    ['EP.pushOpenApiToGit.success', 'Success: 202, body `{ job: <Job> }`.', held('PUSH-STATUS', 'PUSH-RESPONSE')],
    [
      'EP.pushOpenApiToGit.job-at-once',
      'The job may already carry status `ERROR` and an `outcome` when it is returned.',
      // A permission, not a duty: a job returned with or without them conforms, so no answer breaks it and no
      // fault can; only a checker that refused one would, and the reference's job (ERROR with an outcome) and
      // the variations' (under way, without either) pass every check.
      open('The job may already carry status `ERROR` and an `outcome` when it is returned.'),
    ],
    ['EP.pushOpenApiToGit.errors', 'Errors: not shown.', ERRORS_OPEN],
  ]),
];

const AUTHENTICATION: Statement[] = statementsOf('Authentication', [
  ['AUTH.api-key', 'Every operation is protected by an API key sent in the request header `Authorization`.', held('AUTH-401-MISSING')],
  [
    'AUTH.header-value',
    'The header value is the word `Token`, one space, and the key: `Authorization: Token <API_KEY>`.',
    held('AUTH-401-INVALID', 'AUTH-SCHEME-CASE', 'AUTH-SEPARATOR'),
  ],
  [
    'AUTH.key-source',
    'The key is obtained from the account security area of the web application.',
    outside("the checker does not see the web application's security area; it is given a key"),
  ],
  [
    'AUTH.401',
    'A request without valid credentials receives 401 with a plain-text body stating that credentials are required to access the resource.',
    held('AUTH-401-MISSING', 'AUTH-401-INVALID', 'AUTH-401-BODY'),
  ],
  [
    'AUTH.403',
    'A request with valid credentials that is not permitted to perform the operation receives 403 with an error-list body whose single entry has title `Forbidden` and an empty `source` object.',
    held('AUTH-403', 'AUTH-403-BODY'),
  ],
  [
    'AUTH.roles',
    'Roles, permissions and scopes that decide who may do what: not shown.',
    open('Roles, permissions and scopes that decide who may do what: not shown.'),
  ],
]);

const EVENTS: Statement[] = statementsOf('Events', [['EVENTS.none', 'Events: not shown.', open('Events: not shown.')]]);

const QUERY_UNREACHABLE = outside('none of the endpoints takes a query parameter (Endpoints), so no request can reach this case');

const ERRORS: Statement[] = [
  ...statementsOf('Errors > Error list body', [
    ['ERR.list', '`{ errors: array of entry }`, where `errors` is required. Entry fields:', held('ERR-ERROR-LIST', 'AUTH-403-BODY')],
    ['ERR.list.title', 'title | string | yes', held('ERR-ERROR-LIST')],
    ['ERR.list.code', 'code | number | no', held('ERR-ERROR-LIST')],
    ['ERR.list.detail', 'detail | string | no', held('ERR-ERROR-LIST')],
    ['ERR.list.source', 'source | object | no', held('ERR-ERROR-LIST')],
  ]),
  ...statementsOf('Errors > Not-found body', [
    ['ERR.not-found', '`{ code: number, message: string }`.', held('ERR-404')],
    ['ERR.not-found.missing-resource', 'For a missing resource `code` equals 404 and `message` reports the HTTP 404 condition.', held('ERR-404')],
  ]),
  ...statementsOf('Errors > Error cases', [
    [
      'ERR.case.401',
      'missing or invalid credentials | 401 | plain text: credentials are required to access this resource',
      held('AUTH-401-MISSING', 'AUTH-401-INVALID', 'AUTH-401-BODY'),
    ],
    [
      'ERR.case.403',
      'authenticated but not permitted | 403 | error list, one entry, title `Forbidden`, `source` empty object',
      held('AUTH-403', 'AUTH-403-BODY'),
    ],
    ['ERR.case.404', 'resource not found | 404 | not-found body', held('ERR-404', 'ERR-UNKNOWN-ID')],
    [
      'ERR.case.invalid-json',
      'request body lacks a required property, for example a required top-level object | not shown | error list, title `Invalid JSON`, `detail` names the missing JSON pointer and the required type, `source` empty object',
      held('ERR-INVALID-JSON', 'GEN-NO-5XX'),
    ],
    [
      'ERR.case.query-parameter',
      'a query parameter has an invalid format | not shown | error list, title `Invalid query parameter format`, `detail` names the parameter and the rule',
      QUERY_UNREACHABLE,
    ],
    ['ERR.case.statuses', 'Status codes of the last two rows: not shown.', open('Status codes of the last two rows: not shown.')],
    ['ERR.titles', 'Complete set of error titles and numeric codes: not shown.', open('Complete set of error titles and numeric codes: not shown.')],
  ]),
];

const LIMITS: Statement[] = statementsOf('Limits', [
  ['LIMIT.mockApiId', 'mockApiId length | every path with a mock API | 5 to 10 characters', held('ID-MOCK-API-LENGTH')],
  ['LIMIT.percentageFailures', 'percentageFailures | update chaos settings | 0 to 100 inclusive', held('CHAOS-PERCENTAGE-LIMIT')],
  ['LIMIT.httpErrors-status', 'httpErrors[].status | update chaos settings | 400 to 599 inclusive', held('CHAOS-HTTP-STATUS-LIMIT')],
  [
    'LIMIT.others',
    'Rate limits, maximum body sizes, maximum rows of a data source and pagination limits: not shown.',
    open('Rate limits, maximum body sizes, maximum rows of a data source and pagination limits: not shown.'),
  ],
]);

const VERSIONING: Statement[] = statementsOf('Versioning', [
  [
    'VER.prefix',
    'Every path begins with the prefix `/v1`.',
    outside('a statement about the paths the interface defines: the description is tested for it, and every link check requires /v1'),
  ],
  ['VER.description-version', 'The interface description carries the version number 1.0.0.', outside(DOCUMENT)],
  ['VER.data-source-version', 'A data source carries an integer field `version`.', held('DS-RESPONSE', 'DS-VERSION')],
  ['VER.policy', 'Deprecation and compatibility policy: not shown.', open('Deprecation and compatibility policy: not shown.')],
]);

/** Every statement of the interface, in the order the spec says them. */
export const STATEMENTS: readonly Statement[] = [
  ...INTRO,
  ...GENERAL,
  ...IDENTIFIERS,
  ...ORGANISATION,
  ...DATA_SOURCE,
  ...CHAOS,
  ...STATE,
  ...LOGGED_REQUEST,
  ...JOB,
  ...ERROR_ENTRY,
  ...STATES,
  ...ENDPOINTS,
  ...AUTHENTICATION,
  ...EVENTS,
  ...ERRORS,
  ...LIMITS,
  ...VERSIONING,
];
