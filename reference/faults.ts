// Named deviations from the interface, for proving that the conformance checks can fail. Each breaks
// exactly one statement of the requirement register and nothing else, so a self-test can expect that one
// requirement, and only it, to fail. Adding one: an entry here plus the one `if` where it changes behaviour.
import type { RequirementId } from '../src/requirements.ts';

export interface Fault {
  breaks: RequirementId;
  description: string;
}

export const FAULTS = {
  'auth-open-get-organisation': {
    breaks: 'AUTH-401-MISSING',
    description: 'getOrganisation answers 200 to a request without the Authorization header',
  },
  'auth-open-push': {
    breaks: 'AUTH-401-MISSING',
    description: 'pushOpenApiToGit answers 202 with a job to a request without the Authorization header',
  },
  'auth-bearer-accepted': {
    breaks: 'AUTH-401-INVALID',
    description: 'the Bearer scheme with a valid key is accepted like Token',
  },
  'auth-key-extra-characters-accepted': {
    breaks: 'AUTH-401-INVALID',
    description: 'a key is accepted when it begins with a valid key: the key with characters appended gets in',
  },
  'auth-key-prefix-accepted': {
    breaks: 'AUTH-401-INVALID',
    description: 'a key of 8 characters or more is accepted when a valid key begins with it: the key without its last character gets in',
  },
  'auth-key-case-insensitive': {
    breaks: 'AUTH-401-INVALID',
    description: 'keys are compared without case: the key with its letters in the other case gets in',
  },
  'auth-401-json-body': {
    breaks: 'AUTH-401-BODY',
    description: 'the 401 body is JSON {"message": ...} served as application/json instead of plain text',
  },
  'auth-401-wording': {
    breaks: 'AUTH-401-BODY',
    description: 'the 401 body is the plain text "Unauthorized.", which does not say that credentials are required',
  },
  'auth-scheme-lowercase-403': {
    breaks: 'AUTH-SCHEME-CASE',
    description: 'the scheme written "token" with a valid key is answered 403 instead of being accepted or answered 401',
  },
  'forbidden-key-permitted': {
    breaks: 'AUTH-403',
    description: 'getOrganisation treats the key without permission as the full key and answers 200',
  },
  'forbidden-delete-404': {
    breaks: 'AUTH-403',
    description: 'deleteDataSource answers the key without permission 404, as if the data source did not exist, instead of 403',
  },
  'forbidden-source-not-empty': {
    breaks: 'AUTH-403-BODY',
    description: 'the 403 error entry carries source {"pointer": ""} instead of an empty object',
  },
  'forbidden-title-wrong': {
    breaks: 'AUTH-403-BODY',
    description: 'the 403 error entry is titled "Access denied" instead of "Forbidden"',
  },
  'forbidden-two-entries': {
    breaks: 'AUTH-403-BODY',
    description: 'the 403 error list holds two entries instead of one',
  },
  'not-found-code-string': {
    breaks: 'ERR-404',
    description: 'the not-found body carries code "404" as a string',
  },
  'not-found-without-message': {
    breaks: 'ERR-404',
    description: 'the not-found body carries no message',
  },
  'organisation-unknown-id-400': {
    breaks: 'ERR-404',
    description: 'getOrganisation answers an unknown organisation id with 400 and an error list instead of 404',
  },
  'team-non-member-400': {
    breaks: 'ERR-404',
    description: 'removing a user who never was a member of an existing team answers 400 and an error list instead of 404',
  },
  'logged-request-unknown-id-200': {
    breaks: 'ERR-UNKNOWN-ID',
    description: 'an unknown UUID-shaped requestId of the fixture mock API is answered 200 with the fixture request under that id',
  },
  'invalid-json-detail-without-pointer': {
    breaks: 'ERR-INVALID-JSON',
    description: 'the detail of an Invalid JSON error leaves out the JSON pointer',
  },
  'invalid-json-detail-without-type': {
    breaks: 'ERR-INVALID-JSON',
    description: 'the detail of an Invalid JSON error leaves out the required type',
  },
  'invalid-json-title-wrong': {
    breaks: 'ERR-INVALID-JSON',
    description: 'an Invalid JSON error is titled "Bad Request"',
  },
  'invalid-json-source-not-empty': {
    breaks: 'ERR-INVALID-JSON',
    description: 'an Invalid JSON error carries source {"pointer": ...} instead of an empty object',
  },
  'validation-error-code-string': {
    breaks: 'ERR-ERROR-LIST',
    description: 'the entries of a rejected body (Invalid JSON, Invalid value) carry code "400" as a string',
  },
  'json-media-type-text-plain': {
    breaks: 'GEN-JSON',
    description: 'successful JSON responses are served as text/plain',
  },
  'chaos-wrapper-optional': {
    breaks: 'GEN-WRAP-REQUEST',
    description: 'a non-empty chaos update without the chaos wrapper is accepted, the whole body taken as the settings',
  },
  'organisation-wrapper-optional': {
    breaks: 'GEN-WRAP-REQUEST',
    description: 'a non-empty organisation update without the organisation wrapper is accepted, the whole body taken as the organisation',
  },
  'chaos-response-unwrapped': {
    breaks: 'GEN-WRAP-RESPONSE',
    description: 'the chaos update answers the settings unwrapped, without {"chaos": ...}',
  },
  'state-response-unwrapped': {
    breaks: 'GEN-WRAP-RESPONSE',
    description: 'the state update answers the settings unwrapped, without {"state": ...}',
  },
  'organisation-response-unwrapped': {
    breaks: 'GEN-WRAP-RESPONSE',
    description: 'get and update answer the organisation unwrapped, without {"organisation": ...}',
  },
  'data-source-response-unwrapped': {
    breaks: 'GEN-WRAP-RESPONSE',
    description: 'the data source update answers the data source unwrapped, without {"dataSource": ...}',
  },
  'job-response-unwrapped': {
    breaks: 'GEN-WRAP-RESPONSE',
    description: 'the push answers the job unwrapped, without {"job": ...}',
  },
  'logged-request-wrapped': {
    breaks: 'GEN-UNWRAPPED-LOGGED-REQUEST',
    description: 'the logged request is answered wrapped as {loggedRequest: ...}',
  },
  'not-json-accepted': {
    breaks: 'GEN-NOT-JSON',
    description: 'a chaos update whose body is not JSON is taken as {"chaos": {}} and answered 200',
  },
  'state-empty-body-accepted': {
    breaks: 'GEN-WRAP-REQUEST',
    description: 'a state update with a zero-byte body is taken as {"state": {}} and answered 200',
  },
  'data-source-empty-body-500': {
    breaks: 'GEN-NO-5XX',
    description: 'a data source update with a zero-byte body is answered 500',
  },
  'oversize-body-500': {
    breaks: 'GEN-NO-5XX',
    description: 'a body over the 1 MiB limit is answered 500 instead of 413',
  },
  'chaos-limit-500': {
    breaks: 'GEN-NO-5XX',
    description: 'a percentageFailures outside 0 to 100 is answered 500 instead of 400',
  },
  'mock-api-id-length-4-accepted': {
    breaks: 'ID-MOCK-API-LENGTH',
    description: 'a 4-character mockApiId is answered as if it were the fixture mock API',
  },
  'mock-api-id-length-11-accepted': {
    breaks: 'ID-MOCK-API-LENGTH',
    description: 'an 11-character mockApiId is answered as if it were the fixture mock API',
  },
  'chaos-delay-string-coerced': {
    breaks: 'CHAOS-TYPES',
    description: 'longDelay.durationMillis written as a string of digits ("30000") is taken as the number: a coercion inside a sub-object, which only generated payloads send',
  },
  'chaos-null-http-error-500': {
    breaks: 'GEN-NO-5XX',
    description: 'an httpErrors item that is null is answered 500 (only generated payloads put null in an array item)',
  },
  'chaos-status-201': {
    breaks: 'CHAOS-STATUS',
    description: 'the chaos update answers 201 instead of 200',
  },
  'chaos-response-unsent-percentage-string': {
    breaks: 'CHAOS-RESPONSE',
    description: 'the chaos update shows percentageFailures as a string when the update did not send it (fields sent are echoed as sent)',
  },
  'chaos-echo-drops-invalid-http': {
    breaks: 'CHAOS-ECHO',
    description: 'the chaos update stores invalidHttp but leaves it out of the answer',
  },
  'chaos-echo-loses-a-status': {
    breaks: 'CHAOS-ECHO',
    description: 'the chaos update stores every httpErrors status but answers without the last one sent (order and repeats are open; the statuses are not)',
  },
  'chaos-percentage-above-100-accepted': {
    breaks: 'CHAOS-PERCENTAGE-LIMIT',
    description: 'percentageFailures up to 101 is accepted',
  },
  'chaos-percentage-below-0-accepted': {
    breaks: 'CHAOS-PERCENTAGE-LIMIT',
    description: 'percentageFailures down to -1 is accepted',
  },
  'chaos-status-above-599-accepted': {
    breaks: 'CHAOS-HTTP-STATUS-LIMIT',
    description: 'httpErrors[].status up to 600 is accepted',
  },
  'chaos-status-below-400-accepted': {
    breaks: 'CHAOS-HTTP-STATUS-LIMIT',
    description: 'httpErrors[].status down to 399 is accepted',
  },
  'chaos-enabled-string-accepted': {
    breaks: 'CHAOS-TYPES',
    description: 'enabled written as the string "true" or "false" is accepted and stored as the boolean',
  },
  'state-expression-object-500': {
    breaks: 'GEN-NO-5XX',
    description: 'a defaultContextExpression that is an object is answered 500 (the hand-written check sends a number)',
  },
  'state-update-ignored': {
    breaks: 'STATE-ECHO',
    description: 'the state update answers 200 but keeps, and answers with, the previous expression',
  },
  'state-expression-number-accepted': {
    breaks: 'STATE-TYPES',
    description: 'a numeric defaultContextExpression is accepted and stored as its decimal string',
  },
  'organisation-name-null-ignored': {
    breaks: 'ORG-TYPES',
    description: 'an organisation update whose name is null is answered 200 and changes nothing, as if the name had not been sent (the hand-written check sends a number)',
  },
  'organisation-without-email': {
    breaks: 'ORG-RESPONSE',
    description: 'the organisation is shown without emailAddress',
  },
  'organisation-other-id': {
    breaks: 'ORG-IDENTITY',
    description: 'the organisation is shown under another id, org-9z8y7x, its links built from that id',
  },
  'org-link-acl-subject-from-org-id': {
    breaks: 'ORG-LINKS',
    description: 'links.aclSubject of the organisation is built from the organisation id instead of the aclSubject id',
  },
  'org-rename-ignored': {
    breaks: 'ORG-RENAME',
    description: 'an organisation update keeps, and answers with, the old name',
  },
  'organisation-wrong-type-name-stored': {
    breaks: 'ORG-TYPES',
    description: 'an organisation update whose name is not a string is answered 400 but the name is set to its JSON text',
  },
  'data-source-without-state': {
    breaks: 'DS-RESPONSE',
    description: 'the data source update answers without state',
  },
  'data-source-rows-echoed': {
    breaks: 'DS-NO-ROWS',
    description: 'the data source update response includes rows',
  },
  'data-source-columns-reordered': {
    breaks: 'DS-REPLACES',
    description: 'the data source update answers the columns in reverse order (they are stored as sent)',
  },
  'data-source-updated-without-fraction': {
    breaks: 'DS-LAST-UPDATED',
    description: 'lastUpdatedTime is shown at second precision, without a fraction',
  },
  'data-source-updated-time-hours-off': {
    breaks: 'DS-LAST-UPDATED-NOW',
    description: 'lastUpdatedTime is the time of the update two hours early (local time written as UTC, say)',
  },
  'data-source-version-frozen': {
    breaks: 'DS-VERSION',
    description: 'a data source update leaves version unchanged',
  },
  'data-source-version-only-on-rename': {
    breaks: 'DS-VERSION',
    description: 'a data source update raises version only when it changes the name or the type, not for new rows or columns alone',
  },
  'data-source-link-acl-no-template': {
    breaks: 'DS-LINKS',
    description: 'links.acl of the data source lacks the {?subjectId} template',
  },
  'data-source-links-from-acl-object': {
    breaks: 'DS-LINKS',
    description: 'links.self and links.acl of the data source are built from its aclObject instead of its id',
  },
  'data-source-row-short-accepted': {
    breaks: 'DS-ROWS-FIT',
    description: 'a row with fewer strings than there are columns is accepted',
  },
  'data-source-rows-not-array-accepted': {
    breaks: 'DS-TYPES',
    description: 'a data source update whose rows is not an array is accepted as one without rows',
  },
  'data-source-null-cell-accepted': {
    breaks: 'DS-ROWS-FIT',
    description: 'a null cell in a row is accepted and stored as an empty string (hand-written checks send a number there)',
  },
  'data-source-column-without-type-accepted': {
    breaks: 'DS-TYPES',
    description: 'a column without its required type is accepted as a STRING column: a required property left out below the top level',
  },
  'data-source-delete-400': {
    breaks: 'DS-DELETE',
    description: 'deleting an existing data source removes it but answers 400 with an error list',
  },
  'data-source-delete-not-permanent': {
    breaks: 'DS-DELETE-PERMANENT',
    description: 'deleting a data source answers success but keeps it, so it never becomes 404',
  },
  'team-member-delete-403': {
    breaks: 'TEAM-MEMBER-DELETE',
    description: 'removing a member with the full key removes it but answers 403 with the Forbidden body',
  },
  'team-member-delete-not-permanent': {
    breaks: 'TEAM-MEMBER-GONE',
    description: 'removing a member answers 204 but keeps it, so removing it again answers 204 again',
  },
  'logged-request-without-client-ip': {
    breaks: 'LR-RESPONSE',
    description: 'the logged request is shown without request.clientIp',
  },
  'logged-request-other-id': {
    breaks: 'LR-IDENTITY',
    description: 'asked for a logged request, the answer is the next logged request of the mock API, with its own id',
  },
  'logged-date-an-hour-off': {
    breaks: 'LR-DATE',
    description: 'loggedDate is one hour later than loggedDateString',
  },
  'logged-request-body-mismatch': {
    breaks: 'LR-BODY',
    description: 'body shows a JSON request body pretty-printed, while bodyAsBase64 holds the bytes as received',
  },
  'logged-request-base64-url-safe': {
    breaks: 'LR-BODY',
    description: "bodyAsBase64 is written with the URL-safe alphabet and without padding ('_' for '/', no '='): a lenient decoder reads it, but it is not Base64 (RFC 4648 section 4)",
  },
  'logged-request-url-mismatch': {
    breaks: 'LR-URL',
    description: 'absoluteUrl leaves out the query that url shows',
  },
  'push-status-200': {
    breaks: 'PUSH-STATUS',
    description: 'the push operation answers 200 instead of 202',
  },
  'job-status-number': {
    breaks: 'PUSH-RESPONSE',
    description: 'the job shows status as the number 3 instead of a string',
  },
  'job-type-not-a-string': {
    breaks: 'JOB-TYPE',
    description: 'the job of a push shows jobType as an array, ["open-api-git-pull"], instead of a string',
  },
  'job-started-millisecond-precision': {
    breaks: 'JOB-STARTED',
    description: 'job.started has 3 fractional digits instead of 9',
  },
  'job-finished-local-offset': {
    breaks: 'JOB-FINISHED',
    description: 'job.finished is the right instant written with the offset +01:00 instead of UTC',
  },
  'job-elapsed-milliseconds': {
    breaks: 'JOB-ELAPSED',
    description: 'job.elapsed is written like "183ms" instead of an ISO 8601 duration',
  },
  'job-finished-before-started': {
    breaks: 'JOB-TIMES',
    description: 'job.finished is one second before job.started (elapsed still agrees with the run)',
  },
  'job-elapsed-disagrees': {
    breaks: 'JOB-TIMES',
    description: 'job.elapsed is PT1H, a valid duration an hour longer than the job took from started to finished',
  },
  'job-link-other-job-id': {
    breaks: 'JOB-LINKS',
    description: "links.self of the job names another job id than the job's",
  },
  'job-link-without-mock-api': {
    breaks: 'JOB-LINKS',
    description: 'links.self of the job is /v1/jobs/<job_id>, without the mock API',
  },
  'job-error-code-string': {
    breaks: 'JOB-OUTCOME',
    description: 'the error entries of the job outcome carry code as a string',
  },
  'push-policy-any-type-accepted': {
    breaks: 'PUSH-TYPES',
    description: 'a push whose outOfSyncPolicy is not a string is accepted and starts a job',
  },
  'chaos-percentage-0-rejected': {
    breaks: 'CHAOS-PERCENTAGE-LIMIT',
    description: 'percentageFailures 0, the inclusive lower limit, is rejected',
  },
  'chaos-percentage-100-rejected': {
    breaks: 'CHAOS-PERCENTAGE-LIMIT',
    description: 'percentageFailures 100, the inclusive upper limit, is rejected',
  },
  'chaos-percentage-a-hair-above-100-accepted': {
    breaks: 'CHAOS-PERCENTAGE-LIMIT',
    description: 'percentageFailures up to 100.0005 is accepted: past the limit by less than any hand-written case sends, found by the generated nearest double 100.00000000000001',
  },
  'chaos-status-limit-first-item-only': {
    breaks: 'CHAOS-HTTP-STATUS-LIMIT',
    description: 'only the first httpErrors item is held to 400 to 599: a status past the limits after a valid one is accepted',
  },
  'chaos-status-400-rejected': {
    breaks: 'CHAOS-HTTP-STATUS-LIMIT',
    description: 'httpErrors status 400, the inclusive lower limit, is rejected',
  },
  'chaos-status-599-rejected': {
    breaks: 'CHAOS-HTTP-STATUS-LIMIT',
    description: 'httpErrors status 599, the inclusive upper limit, is rejected',
  },
  'data-source-row-long-accepted': {
    breaks: 'DS-ROWS-FIT',
    description: 'rows with more strings than columns are accepted (hand-written checks send only a short row; generated rows find it)',
  },
  'org-link-acl-no-template': {
    breaks: 'ORG-LINKS',
    description: 'the organisation link acl lacks the {?subjectId} template',
  },
  'state-expression-null-when-not-sent': {
    breaks: 'STATE-RESPONSE',
    description: 'an update that does not send defaultContextExpression answers it as null (it stays stored)',
  },
  'logged-date-string-milliseconds': {
    breaks: 'LR-DATE-FORMAT',
    description: 'loggedDateString carries milliseconds: the same instant, but not second precision',
  },
  'logged-request-id-not-uuid': {
    breaks: 'ID-REQUEST-UUID',
    description: 'the fixture request is logged under the id req-6f1c2a8e, which is not UUID-shaped',
  },
} as const satisfies Record<string, Fault>;

export type FaultName = keyof typeof FAULTS;

export const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];

/** The faults switched on for one deployment. */
export interface Faults {
  readonly names: readonly FaultName[];
  has(name: FaultName): boolean;
}

export const FAULTS_VARIABLE = 'MOCKAPI_REFERENCE_FAULTS';

function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(FAULTS, name);
}

export class UnknownFaultError extends Error {}

/** Where a user who named a fault wrongly learns the right names. */
export const LIST_FAULTS = 'npm run reference -- --list-faults';

/** The names that are not faults of the reference, in the order given. */
export function unknownFaults(names: readonly string[]): string[] {
  return names.filter((name) => !isFaultName(name));
}

export function switchOn(names: readonly string[]): Faults {
  const unknown = unknownFaults(names);
  if (unknown.length > 0) throw new UnknownFaultError(`unknown fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (${LIST_FAULTS} lists them)`);
  const on = new Set(names as FaultName[]);
  return { names: [...on], has: (name) => on.has(name) };
}

/** One line per fault: its name, the requirement it breaks, what it does. */
export function faultCatalogue(): string {
  const width = Math.max(...FAULT_NAMES.map((name) => name.length));
  const breaksWidth = Math.max(...FAULT_NAMES.map((name) => FAULTS[name].breaks.length));
  return FAULT_NAMES.map((name) => `${name.padEnd(width)}  ${FAULTS[name].breaks.padEnd(breaksWidth)}  ${FAULTS[name].description}`).join('\n');
}

/** `a, b,,c` -> ['a', 'b', 'c']: the form of both --faults and MOCKAPI_REFERENCE_FAULTS. */
export function faultList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
}
