// Authentication: `Authorization: Token <key>`. The scheme is matched case-sensitively: the interface names
// the word `Token`, and answering `token` with 401 is one of the two answers it allows; variations mode
// takes the other (HTTP matches scheme names case-insensitively).
import { randomBytes } from 'node:crypto';
import type { Faults } from './faults.ts';

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

export interface GuardOptions {
  faults: Faults;
  /** variations mode: the scheme matched case-insensitively */
  variations: boolean;
}

/** The permission of a key that a fault takes the given one for: compared by its start, or without case. */
function nearMiss(given: string, permissions: Map<string, Permission>, faults: Faults): Permission | undefined {
  for (const [key, permission] of permissions) {
    if (faults.has('auth-key-extra-characters-accepted') && given.startsWith(key)) return permission;
    if (faults.has('auth-key-prefix-accepted') && given.length >= 8 && key.startsWith(given)) return permission;
    if (faults.has('auth-key-case-insensitive') && given.toLowerCase() === key.toLowerCase()) return permission;
  }
  return undefined;
}

export function createGuard(keys: Keys, { faults, variations }: GuardOptions): (authorization: string | undefined) => Verdict {
  const permissions = new Map<string, Permission>([
    [keys.token, 'everything'],
    [keys.forbiddenToken, 'nothing'],
  ]);
  return (authorization) => {
    const space = authorization?.indexOf(' ') ?? -1;
    if (authorization === undefined || space < 0) return 'unauthenticated';
    const scheme = authorization.slice(0, space);
    const given = authorization.slice(space + 1);
    const permission = permissions.get(given) ?? nearMiss(given, permissions, faults);
    if (permission === undefined) return 'unauthenticated';
    const verdict = permission === 'everything' ? 'permitted' : 'forbidden';
    if (scheme === 'Token') return verdict;
    if (scheme.toLowerCase() === 'token') {
      if (variations) return verdict;
      if (faults.has('auth-scheme-lowercase-403')) return 'forbidden';
    }
    if (scheme === 'Bearer' && faults.has('auth-bearer-accepted')) return verdict;
    return 'unauthenticated';
  };
}
