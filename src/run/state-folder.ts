// The user's own state folder, <state home>/mockapi-conformance, as the XDG base directory specification places it:
// what a run keeps for the user alone (the last red run, src/run/kept-report.ts; the hosts accepted for a key's
// variable, src/run/host-bindings.ts). One rule for where it is, so that both are found in the same place.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { privateDirectory } from './cache-directory.ts';

/** The user's state home: $XDG_STATE_HOME where absolute (the specification ignores a relative one), else ~/.local/state. */
export function stateHome(env: NodeJS.ProcessEnv): string | undefined {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return xdg;
  const home = env.HOME || homedir();
  return home && isAbsolute(home) ? join(home, '.local', 'state') : undefined;
}

/**
 * The state folder, made if missing (the state home too, 0700, as the specification asks of a folder it makes), and
 * each folder from the state home down held to being the user's alone (privateDirectory); undefined where one is not.
 */
export function stateFolder(env: NodeJS.ProcessEnv, uid: number | undefined): string | undefined {
  const home = stateHome(env);
  if (home === undefined) return undefined;
  try {
    mkdirSync(home, { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  const folder = join(home, 'mockapi-conformance');
  return privateDirectory(home, uid) && privateDirectory(folder, uid) ? folder : undefined;
}
