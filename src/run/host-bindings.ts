// The hosts you accepted for a key's variable, remembered in your state folder the way OpenSSH remembers a host in
// known_hosts: `--accept-host` sends the run's key to the base URL a config file names, once you typed it, and keeps
// that binding, so that later runs send the key of the same variable there without the URL typed again, and to no
// other host a file names. The file is yours: in your state folder ($XDG_STATE_HOME/mockapi-conformance, else
// ~/.local/state/mockapi-conformance), private, and read only where it is your own regular file that no one else may
// write (docs/untrusted.md, where a key may go).
import { lstatSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writePrivateFile } from '../../reporters/private-file.ts';
import { FileReadError, readRegularFile } from './file-read.ts';
import { stateHome } from './state-folder.ts';

/** Bindings are a few lines: past this the file is not one the tool wrote. */
const BINDINGS_BYTES = 256 * 1024;

/** Your bindings: the base URLs accepted for each key's variable. */
export type HostBindings = Record<string, string[]>;

/** The bindings file in your state folder (src/run/state-folder.ts); undefined where there is no state home. */
export function bindingsFile(env: NodeJS.ProcessEnv): string | undefined {
  const home = stateHome(env);
  return home && join(home, 'mockapi-conformance', 'accepted-hosts.json');
}

/** Whether `path` is this user's own, and writable by no one else. */
function yoursAlone(path: string): boolean {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined || process.getuid === undefined) return false;
  return stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}

/** The bindings remembered; none where there is no file, or it is not yours alone, or not one the tool wrote. */
export function readBindings(file: string): HostBindings {
  if (!yoursAlone(file) || !yoursAlone(dirname(file))) return {};
  try {
    const data = JSON.parse(readRegularFile(file, BINDINGS_BYTES).toString('utf8')) as { keys?: unknown };
    const keys = typeof data.keys === 'object' && data.keys !== null ? (data.keys as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.entries(keys).flatMap(([variable, urls]) =>
        Array.isArray(urls) ? [[variable, urls.filter((url): url is string => typeof url === 'string')]] : [],
      ),
    );
  } catch (error) {
    if (error instanceof FileReadError || error instanceof SyntaxError) return {};
    throw error;
  }
}

/** Remembers `url` for `variable`: the file written whole, private (reporters/private-file.ts). */
export function rememberBinding(file: string, variable: string, url: string): void {
  const bindings = readBindings(file);
  bindings[variable] = [...new Set([...(bindings[variable] ?? []), url])];
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writePrivateFile(file, `${JSON.stringify({ version: 1, keys: bindings }, null, 2)}\n`);
}
