import type { Store } from './store.ts';
import type { User } from './types.ts';

// "Token", one space, then the key; the scheme is matched case-insensitively because RFC 9110 makes auth schemes so.
const AUTHORIZATION = /^(\S+) (\S+)$/;

/** The user the Authorization header authenticates, or undefined when credentials are missing or invalid. */
export function authenticate(store: Store, header: string | undefined): User | undefined {
  const match = AUTHORIZATION.exec(header ?? '');
  if (match === null || match[1]?.toLowerCase() !== 'token' || match[2] === undefined) return undefined;
  return store.userForApiKey(match[2]);
}
