// Authentication: `Authorization: Token <key>`. The scheme is matched case-sensitively: the interface names
// the word `Token`, and answering `token` with 401 is one of the two answers it allows; the freedom
// token-scheme-any-case takes the other (HTTP matches scheme names case-insensitively).
import { randomBytes } from 'node:crypto';

export type Verdict = 'permitted' | 'unauthenticated' | 'forbidden';

export interface Keys {
  /** full permission */
  token: string;
  /** valid, permitted nothing */
  forbiddenToken: string;
}

export function createKeys(): Keys {
  return { token: randomBytes(24).toString('base64url'), forbiddenToken: randomBytes(24).toString('base64url') };
}

/** What a valid key may do: everything, or nothing (the key without permission); undefined: no such key. */
function verdictOf(keys: Keys, key: string): Verdict | undefined {
  if (key === keys.token) return 'permitted';
  if (key === keys.forbiddenToken) return 'forbidden';
  return undefined;
}

/** The scheme and the key of an Authorization header; undefined when it has no space between them. */
export function credentialsOf(authorization: string | undefined): { scheme: string; key: string } | undefined {
  const space = authorization?.indexOf(' ') ?? -1;
  if (authorization === undefined || space < 0) return undefined;
  return { scheme: authorization.slice(0, space), key: authorization.slice(space + 1) };
}

export function createGuard(keys: Keys): (authorization: string | undefined) => Verdict {
  return (authorization) => {
    const credentials = credentialsOf(authorization);
    if (!credentials) return 'unauthenticated';
    const verdict = verdictOf(keys, credentials.key);
    return verdict && credentials.scheme === 'Token' ? verdict : 'unauthenticated';
  };
}
