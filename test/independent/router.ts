import type { Handler } from './call.ts';
import { updateChaos } from './chaos.ts';
import { deleteDataSource, updateDataSource } from './data-sources.ts';
import { getOrganisation, updateOrganisation } from './organisations.ts';
import { invalidPathParameter, invalidQueryParameter, methodNotAllowed, notFound } from './problems.ts';
import { pushOpenApi } from './push.ts';
import { Rejection } from './reply.ts';
import { getLoggedRequest } from './requests.ts';
import { updateStateSettings } from './state-settings.ts';
import { removeTeamMember } from './teams.ts';

interface Route {
  method: string;
  path: string;
  handler: Handler;
}

// The nine operations of the spec's "Endpoints" section; `:name` marks a path parameter.
const ROUTES: Route[] = [
  { method: 'PUT', path: '/v1/mock-apis/:mockApiId/settings/chaos', handler: updateChaos },
  { method: 'PUT', path: '/v1/mock-apis/:mockApiId/settings/state', handler: updateStateSettings },
  { method: 'GET', path: '/v1/organisations/:organisationId', handler: getOrganisation },
  { method: 'PUT', path: '/v1/organisations/:organisationId', handler: updateOrganisation },
  { method: 'DELETE', path: '/v1/data-sources/:dataSourceId', handler: deleteDataSource },
  { method: 'PUT', path: '/v1/data-sources/:dataSourceId', handler: updateDataSource },
  { method: 'DELETE', path: '/v1/teams/:teamId/members/:userId', handler: removeTeamMember },
  { method: 'GET', path: '/v1/mock-apis/:mockApiId/requests/:requestId', handler: getLoggedRequest },
  { method: 'PUT', path: '/v1/mock-apis/:mockApiId/open-api/push', handler: pushOpenApi },
];

export interface Match {
  handler: Handler;
  params: Record<string, string>;
}

// Raw (still percent-encoded) parameters of a path that fits the pattern; an empty segment never fits a parameter.
function fit(pattern: string, actual: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/');
  if (parts.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = actual[index] ?? '';
    if (part.startsWith(':') && segment !== '') params[part.slice(1)] = segment;
    else if (part !== segment) return undefined;
  }
  return params;
}

function decode(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(raw);
    } catch {
      throw new Rejection(invalidPathParameter(name, 'is not valid percent-encoded UTF-8'));
    }
  }
  return decoded;
}

/** The handler for a method and path; 404 when no operation has the path, 405 when it exists with other methods. */
export function route(method: string, pathname: string): Match {
  const segments = pathname.split('/');
  const candidates = ROUTES.map((candidate) => ({ candidate, params: fit(candidate.path, segments) }));
  const fitting = candidates.filter((entry) => entry.params !== undefined);
  if (fitting.length === 0) throw new Rejection(notFound());
  const chosen = fitting.find((entry) => entry.candidate.method === method);
  const allowed = fitting.map((entry) => entry.candidate.method);
  if (chosen?.params === undefined) throw new Rejection(methodNotAllowed(method, allowed));
  return { handler: chosen.candidate.handler, params: decode(chosen.params) };
}

// No operation of the spec takes a query parameter, so any parameter sent is refused rather than silently ignored.
export function rejectQuery(query: string): void {
  const first = new URLSearchParams(query).keys().next();
  if (first.done !== true) throw new Rejection(invalidQueryParameter(first.value));
}

// The spec limits mockApiId to 5 to 10 characters on every path that carries it.
export function checkPathParameters(params: Record<string, string>): void {
  const mockApiId = params.mockApiId;
  if (mockApiId === undefined) return;
  const length = [...mockApiId].length;
  if (length < 5 || length > 10) throw new Rejection(invalidPathParameter('mockApiId', `must be 5 to 10 characters long, but is ${length}`));
}
