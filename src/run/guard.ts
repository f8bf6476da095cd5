// What a run changes that the interface lets it put back: the organisation's name. The rename checks put it
// back when they finish; this is for a run that stops in the middle of one (Ctrl-C, its bound, a key refused).
import type { Target } from '../harness/check.ts';
import { runClient, type Client, type ClientOptions } from '../http/client.ts';
import type { RunGate } from '../http/run-gate.ts';
import { quotedLine } from '../../contract/untrusted.ts';

export interface OrganisationGuard {
  /** puts the name back if it changed; says what it did, and what it could not, in one line */
  restore(): Promise<string>;
  /** what is left to do when the put-back is given up half-way (a second Ctrl-C), in one line */
  abandoned(): string;
}

/** A name the deployment gave, in a line of ours: quoted, one inert line (contract/untrusted.ts), short. */
const quoted = (name: string) => quotedLine(name, 200);

/**
 * Reads the organisation's name before the run; undefined where nothing can be renamed or read. The read is the
 * run's (it stops with `gate`); the put-back's reads and rename go out whatever the gate says. `onExchange`: --report-har.
 */
export async function organisationGuard(target: Target, onExchange?: ClientOptions['onExchange'], gate?: RunGate): Promise<OrganisationGuard | undefined> {
  const id = target.fixtures.organisationId;
  if (target.embedded || target.readOnly || target.profile !== 'live' || !id || target.missingFixtures?.organisationId) return undefined;
  // the key without permission is not sent: the put-back's reads and rename are the key's
  const client = runClient({ ...target, forbiddenToken: undefined }, onExchange, gate);
  const path = `/v1/organisations/${encodeURIComponent(id)}`;
  const read = async (putBack: boolean) => {
    const answer = await client.send({ method: 'GET', path }, { putBack });
    const name = (answer.json as { organisation?: { name?: unknown } } | undefined)?.organisation?.name;
    return { status: answer.status, name: typeof name === 'string' ? name : undefined };
  };
  const original = (await read(false)).name;
  if (original === undefined) {
    await client.close();
    return undefined;
  }
  return {
    async restore() {
      try {
        return await putBack(client, path, original, read);
      } finally {
        await client.close();
      }
    },
    abandoned: () => `the organisation's name was not checked or put back: before the run it was ${quoted(original)}; if it is not now, rename it to that`,
  };
}

/** Renames the organisation back to `original` where it has another name now: twice at most, a rename just sent before the stop may land after the first. */
async function putBack(
  client: Client,
  path: string,
  original: string,
  read: (putBack: boolean) => Promise<{ status: number; name: string | undefined }>,
): Promise<string> {
  let now = await read(true);
  for (let attempt = 0; attempt < 2 && now.name !== undefined && now.name !== original; attempt++) {
    await client.send({ method: 'PUT', path, json: { organisation: { name: original } } }, { putBack: true });
    now = await read(true);
  }
  if (now.name === original) return `the organisation's name is ${quoted(original)}, as before the run`;
  if (now.name === undefined) {
    return `could not read the organisation's name to put it back (GET ${path} answered ${now.status || 'nothing'}): before the run it was ${quoted(original)}; if it is not now, rename it to that`;
  }
  return `could not put the organisation's name back: it is ${quoted(now.name)} now, and was ${quoted(original)} before the run; rename it to that`;
}
