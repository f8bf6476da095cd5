// What an operation's handler is: `find` names the resource the path points at (undefined: 404), and is
// asked before the body is read and again after, since another request may have removed it meanwhile;
// `run` answers with a valid body in hand. Two hooks exist for faults only: `missing` may answer a resource
// that is not found otherwise than the usual 404, and `rejected` may act on a body that was not accepted.
import type { Json } from '../../src/contract/schemas.ts';
import type { Clock } from '../clock.ts';
import type { Faults } from '../faults.ts';
import type { Reply } from '../responses.ts';
import type { JsonObject, MockApi, Store } from '../store.ts';

export interface Context {
  params: Record<string, string>;
  store: Store;
  faults: Faults;
  /** variations mode (reference/variations.ts) */
  variations: boolean;
  clock: Clock;
}

export interface Handler<T> {
  find(ctx: Context): T | undefined;
  /** body: the validated request body; {} for operations that take none */
  run(ctx: Context, found: T, body: JsonObject): Reply;
  /** the answer when find finds nothing, where a fault changes it; undefined: the usual 404 */
  missing?(ctx: Context): Reply | undefined;
  /** what a fault does with a JSON body that was not accepted (a correct deployment: nothing) */
  rejected?(ctx: Context, found: T, body: Json): void;
}

/** Erases the resource type so that handlers of different resources share one table. */
export const handler = <T>(h: Handler<T>): Handler<unknown> => h as Handler<unknown>;

export function param(ctx: Context, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`the route has no path parameter ${name}`);
  return value;
}

export const findMockApi = (ctx: Context): MockApi | undefined => ctx.store.mockApis.get(param(ctx, 'mockApiId'));
