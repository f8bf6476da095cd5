// What an operation's handler is: `find` names the resource the path points at (undefined: 404), and is
// asked before the body is read and again after, since another request may have removed it meanwhile;
// `change` says what the operation makes of it (undefined: it is removed) and `keep` stores that; `reply`
// answers from what was kept. Reads have neither change nor keep. server.ts runs them in this order, and a
// fault acts between them (reference/patch.ts), never inside.
import type { Clock } from '../clock.ts';
import type { Reply } from '../responses.ts';
import type { JsonObject, MockApi, Store } from '../store.ts';

export interface Context {
  params: Record<string, string>;
  store: Store;
  clock: Clock;
}

export interface Handler<T> {
  find(ctx: Context): T | undefined;
  /** body: the accepted request body; {} for operations that take none */
  change?(ctx: Context, found: T, body: JsonObject): T | undefined;
  keep?(ctx: Context, found: T, kept: T | undefined): void;
  /** kept: the resource as kept (the one found, for a read); undefined once removed */
  reply(ctx: Context, kept: T | undefined, body: JsonObject): Reply;
}

/** Erases the resource type so that handlers of different resources share one table. */
export const handler = <T>(h: Handler<T>): Handler<unknown> => h as Handler<unknown>;

export function param(ctx: Context, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`the route has no path parameter ${name}`);
  return value;
}

export const findMockApi = (ctx: Context): MockApi | undefined => ctx.store.mockApis.get(param(ctx, 'mockApiId'));

export const keepMockApi = (ctx: Context, _found: MockApi, kept: MockApi | undefined): void => {
  if (kept) ctx.store.mockApis.set(kept.id, kept);
};
