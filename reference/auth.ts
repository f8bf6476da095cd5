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
  /** valid, permitted to read (GET) and nothing else: a key without the permission a run's writes need (docs/deployments.md) */
  readOnlyToken: string;
}

export function createKeys(): Keys {
  const key = () => randomBytes(24).toString('base64url');
  return { token: key(), forbiddenToken: key(), readOnlyToken: key() };
}

/** What a valid key may do with this method: everything, nothing (the key without permission), or only read; undefined: no such key. */
function verdictOf(keys: Keys, key: string, method: string | undefined): Verdict | undefined {
  if (key === keys.token) return 'permitted';
  if (key === keys.forbiddenToken) return 'forbidden';
  if (key === keys.readOnlyToken) return method === 'GET' ? 'permitted' : 'forbidden';
  return undefined;
}

/** The scheme and the key of an Authorization header; undefined when it has no space between them. */
export function credentialsOf(authorization: string | undefined): { scheme: string; key: string } | undefined {
  const space = authorization?.indexOf(' ') ?? -1;
  if (authorization === undefined || space < 0) return undefined;
  return { scheme: authorization.slice(0, space), key: authorization.slice(space + 1) };
}

/** `method`, the request's: the read-only key may only read */
export function createGuard(keys: Keys): (authorization: string | undefined, method?: string) => Verdict {
  return (authorization, method) => {
    const credentials = credentialsOf(authorization);
    if (!credentials) return 'unauthenticated';
    const verdict = verdictOf(keys, credentials.key, method);
    return verdict && credentials.scheme === 'Token' ? verdict : 'unauthenticated';
  };
}
