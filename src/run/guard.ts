// What a run changes that the interface lets it put back: the organisation's name. The rename checks put it
// back when they finish; this is for a run that is interrupted in the middle of one (Ctrl-C).
import type { Target } from '../harness/check.ts';
import { Client, type ClientOptions } from '../http/client.ts';

export interface OrganisationGuard {
  /** puts the name back if it changed; says what it did */
  restore(): Promise<string>;
}

/** Reads the organisation's name before the run; undefined where nothing can be renamed or read. `onExchange`: --report-har. */
export async function organisationGuard(target: Target, onExchange?: ClientOptions['onExchange']): Promise<OrganisationGuard | undefined> {
  const id = target.fixtures.organisationId;
  if (target.embedded || target.readOnly || target.profile !== 'live' || !id) return undefined;
  const client = new Client({
    baseUrl: target.baseUrl,
    token: target.token,
    forbiddenToken: undefined,
    timeoutMs: target.timeoutMs,
    network: target.network,
    ...(onExchange ? { onExchange } : {}),
  });
  const path = `/v1/organisations/${encodeURIComponent(id)}`;
  const nameOf = async () => ((await client.send({ method: 'GET', path })).json as { organisation?: { name?: unknown } } | undefined)?.organisation?.name;
  const original = await nameOf();
  if (typeof original !== 'string') {
    await client.close();
    return undefined;
  }
  return {
    async restore() {
      try {
        // twice at most: a rename sent just before the interruption may land after the first put-back
        for (let attempt = 0; attempt < 2 && (await nameOf()) !== original; attempt++) {
          await client.send({ method: 'PUT', path, json: { organisation: { name: original } } });
        }
        return (await nameOf()) === original
          ? `the organisation's name is ${JSON.stringify(original)} again`
          : `could not put the organisation's name back: rename it to ${JSON.stringify(original)}`;
      } finally {
        await client.close();
      }
    },
  };
}
