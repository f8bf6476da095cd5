// Generated credentials and path parameters (registered by suites/organisations.suite.ts, after the organisation's
// own checks, and suites/identifiers.suite.ts). Both send only GET requests.
import { expectRejected, expectUnauthorized } from '../src/judge/checker.ts';
import { expandPath, operation } from '../contract/schemas.ts';
import { MISSING } from '../src/harness/support.ts';
import { mockApiIdOutOfRange, otherAuthorization } from './arbitraries.ts';
import { property } from './property.ts';
import type { CheckDefinition, Target } from '../src/harness/check.ts';

export function authorizationProperties(): CheckDefinition[] {
  // the arbitrary depends on the keys, which only the worker knows: made of the run's target when the check runs
  const values = (t: Target) => otherAuthorization(t.token ?? '', t.forbiddenToken);
  return [
    property(
      'authentication/generated-authorization-values',
      'AUTH-401-INVALID',
      'generated Authorization values other than "Token <key>" are answered 401',
      { operation: 'getOrganisation', touches: ['organisationId'], live: 'a mock checks only that an Authorization header is present' },
      values,
      async (t, authorization) => {
        const organisationId = t.target.fixtures.organisationId ?? MISSING.organisationId;
        const ex = await t.send({ method: 'GET', path: expandPath(operation('getOrganisation').path, { organisationId }), credentials: { authorization } });
        expectUnauthorized(t, ex, 'AUTH-401-INVALID');
      },
    ),
  ];
}

export function mockApiIdProperties(): CheckDefinition[] {
  return [
    property(
      'identifiers/generated-mock-api-ids-out-of-range',
      'ID-MOCK-API-LENGTH',
      'generated mockApiIds outside 5 to 10 characters are never accepted',
      { operation: 'getLoggedRequest' },
      mockApiIdOutOfRange,
      async (t, mockApiId) => {
        const requestId = t.target.fixtures.requestId ?? MISSING.requestId;
        const ex = await t.send({ method: 'GET', path: expandPath(operation('getLoggedRequest').path, { mockApiId, requestId }) });
        expectRejected(t, ex, 'ID-MOCK-API-LENGTH', `mockApiId ${JSON.stringify(mockApiId)} (${mockApiId.length} characters)`);
      },
    ),
  ];
}
