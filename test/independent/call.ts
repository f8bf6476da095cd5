import type { IncomingMessage } from 'node:http';
import { forbidden, notFound } from './problems.ts';
import { type Reply, Rejection } from './reply.ts';
import type { Store } from './store.ts';
import type { User } from './types.ts';

/** What a handler gets: the authenticated caller, decoded path parameters and the state. */
export interface Call {
  req: IncomingMessage;
  user: User;
  store: Store;
  params: Record<string, string>;
}

export type Handler = (call: Call) => Promise<Reply>;

// The router only calls a handler with its own pattern's parameters, so a missing one is a programming error.
export function param(call: Call, name: string): string {
  const value = call.params[name];
  if (value === undefined) throw new Error(`route has no path parameter ${name}`);
  return value;
}

export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new Rejection(notFound());
  return value;
}

// Access is decided by organisation: a user may act on what belongs to the organisation the user belongs to.
export function permit(user: User, organisationId: string): void {
  if (user.organisationId !== organisationId) throw new Rejection(forbidden());
}
