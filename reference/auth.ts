// Authentication: `Authorization: Token <key>`, exactly. The scheme is matched case-sensitively: the
// interface names the word `Token`, and answering `token` with 401 is one of the two answers it allows.
import { randomBytes } from 'node:crypto';

export type Permission = 'everything' | 'nothing';

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

export function createGuard(keys: Keys): (authorization: string | undefined) => Verdict {
  const permissions = new Map<string, Permission>([
    [keys.token, 'everything'],
    [keys.forbiddenToken, 'nothing'],
  ]);
  return (authorization) => {
    if (authorization === undefined || !authorization.startsWith('Token ')) return 'unauthenticated';
    const permission = permissions.get(authorization.slice('Token '.length));
    if (permission === undefined) return 'unauthenticated';
    return permission === 'everything' ? 'permitted' : 'forbidden';
  };
}
