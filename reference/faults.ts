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
  'auth-401-json-body': {
    breaks: 'AUTH-401-BODY',
    description: 'the 401 body is JSON {"message": ...} served as application/json instead of plain text',
  },
  'forbidden-source-not-empty': {
    breaks: 'AUTH-403-BODY',
    description: 'the 403 error entry carries source {"pointer": ""} instead of an empty object',
  },
  'not-found-code-string': {
    breaks: 'ERR-404',
    description: 'the not-found body carries code "404" as a string',
  },
  'chaos-percentage-above-100-accepted': {
    breaks: 'CHAOS-PERCENTAGE-LIMIT',
    description: 'percentageFailures up to 101 is accepted',
  },
  'chaos-wrapper-optional': {
    breaks: 'GEN-WRAP-REQUEST',
    description: 'a chaos update without the chaos wrapper is accepted, the whole body taken as the settings',
  },
  'invalid-json-detail-without-pointer': {
    breaks: 'ERR-INVALID-JSON',
    description: 'the detail of an Invalid JSON error leaves out the JSON pointer',
  },
  'mock-api-id-length-4-accepted': {
    breaks: 'ID-MOCK-API-LENGTH',
    description: 'a 4-character mockApiId is answered as if it were the fixture mock API',
  },
  'org-rename-ignored': {
    breaks: 'ORG-RENAME',
    description: 'an organisation update keeps, and answers with, the old name',
  },
  'data-source-rows-echoed': {
    breaks: 'DS-NO-ROWS',
    description: 'the data source update response includes rows',
  },
  'data-source-version-frozen': {
    breaks: 'DS-VERSION',
    description: 'a data source update leaves version unchanged',
  },
  'data-source-delete-not-permanent': {
    breaks: 'DS-DELETE-PERMANENT',
    description: 'deleting a data source answers success but keeps it, so it never becomes 404',
  },
  'logged-request-wrapped': {
    breaks: 'GEN-UNWRAPPED-LOGGED-REQUEST',
    description: 'the logged request is answered wrapped as {loggedRequest: ...}',
  },
  'job-started-millisecond-precision': {
    breaks: 'JOB-STARTED',
    description: 'job.started has 3 fractional digits instead of 9',
  },
  'push-status-200': {
    breaks: 'PUSH-STATUS',
    description: 'the push operation answers 200 instead of 202',
  },
  'json-media-type-text-plain': {
    breaks: 'GEN-JSON',
    description: 'successful JSON responses are served as text/plain',
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

export function switchOn(names: readonly string[]): Faults {
  const on = new Set<FaultName>();
  for (const name of names) {
    if (!isFaultName(name)) throw new UnknownFaultError(`unknown fault: ${name} (known: ${FAULT_NAMES.join(', ')})`);
    on.add(name);
  }
  return { names: [...on], has: (name) => on.has(name) };
}

/** `a, b,,c` -> ['a', 'b', 'c']: the form of both --faults and MOCKAPI_REFERENCE_FAULTS. */
export function faultList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
}
