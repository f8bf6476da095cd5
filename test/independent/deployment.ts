/**
 * An independent, in-memory deployment of the Mock API Management interface, written from
 * spec/interface.md alone. Every open point of the spec and the choice taken is listed in ./choices.md.
 */
import type { AddressInfo } from 'node:net';
import { seed } from './seed.ts';
import { createApp } from './server.ts';
import { Store } from './store.ts';

export interface IndependentDeployment {
  /** e.g. http://127.0.0.1:PORT : the base address; every path of the spec is relative to it */
  baseUrl: string;
  /** the configuration a client of the conformance tool sets to verify this deployment (values are strings) */
  env: Record<string, string>;
  close(): Promise<void>;
}

function listen(server: ReturnType<typeof createApp>): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts a fresh deployment on a free port of 127.0.0.1; it is ready to serve when the promise resolves. */
export async function startIndependent(): Promise<IndependentDeployment> {
  const store = new Store();
  const fixtures = seed(store);
  const server = createApp(store);
  const baseUrl = `http://127.0.0.1:${await listen(server)}`;
  const env = {
    MOCKAPI_BASE_URL: baseUrl,
    MOCKAPI_TOKEN: fixtures.apiKey,
    MOCKAPI_FORBIDDEN_TOKEN: fixtures.forbiddenApiKey,
    MOCKAPI_MOCK_API_ID: fixtures.mockApiId,
    MOCKAPI_REQUEST_ID: fixtures.requestId,
    MOCKAPI_PUSH_POLICY: 'ABORT',
    MOCKAPI_ORGANISATION_ID: fixtures.organisationId,
    MOCKAPI_DATA_SOURCE_ID: fixtures.dataSourceId,
    MOCKAPI_DELETABLE_DATA_SOURCE_ID: fixtures.deletableDataSourceId,
    MOCKAPI_TEAM_ID: fixtures.teamId,
    MOCKAPI_TEAM_MEMBER_ID: fixtures.teamMemberId,
  };
  // Keep-alive connections would hold close() open, so they are cut once the server stops accepting.
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return { baseUrl, env, close };
}
