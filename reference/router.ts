// Which operation a method and path reach, where the description of the operations (operation) puts them.
import { OPERATION_IDS, operation, type OperationId } from '../contract/schemas.ts';

export type Match =
  /** allowed: the other methods served at the path */
  | { kind: 'operation'; id: OperationId; params: Record<string, string>; allowed: string[] }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'no-route' };

interface Route {
  id: OperationId;
  method: string;
  /** literal segments, or the name of a path parameter */
  segments: ({ literal: string } | { param: string })[];
}

/** Where an operation is served instead of its documented method and path (a fault's routing, see Patch.route). */
export type Moves = Partial<Record<OperationId, { method?: string; path?: string }>>;

function routes(moves: Moves): Route[] {
  return OPERATION_IDS.map((id) => {
    const { method, path } = { ...operation(id), ...moves[id] };
    const segments = path
      .slice(1)
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        return param ? { param } : { literal: segment };
      });
    return { id, method, segments };
  });
}

/** Path parameters of the route, decoded; undefined when the path is not the route's. */
function matchPath(route: Route, raw: string[]): Record<string, string> | undefined {
  if (raw.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of route.segments.entries()) {
    const value = raw[i] ?? '';
    if ('literal' in segment) {
      if (value !== segment.literal) return undefined;
      continue;
    }
    if (value === '') return undefined;
    try {
      params[segment.param] = decodeURIComponent(value);
    } catch {
      // Malformed percent-encoding names no resource at all.
      return undefined;
    }
  }
  return params;
}

export function createRouter(moves: Moves = {}): (method: string, url: string) => Match {
  const table = routes(moves);
  return (method, url) => {
    // None of the operations takes a query parameter (Endpoints), so the query is not read.
    const path = url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/')) return { kind: 'no-route' };
    const raw = path.slice(1).split('/');
    const allowed: string[] = [];
    let reached: { id: OperationId; params: Record<string, string> } | undefined;
    for (const route of table) {
      const params = matchPath(route, raw);
      if (!params) continue;
      if (route.method === method) reached ??= { id: route.id, params };
      else allowed.push(route.method);
    }
    if (reached) return { kind: 'operation', ...reached, allowed };
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'no-route' };
  };
}
