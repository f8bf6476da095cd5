import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANDLERS } from '../../reference/handlers/index.ts';
import { startReference } from '../../reference/server.ts';
import { send, useReference } from './helpers.ts';
import { FIXTURE_NAMES } from '../../contract/fixtures.ts';
import { SEED } from '../../reference/store.ts';

const reference = useReference();

describe('startReference', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names its fixtures and the push policy it accepts, and listens on 127.0.0.1 at a free port', () => {
    const { baseUrl, fixtures } = reference().deployment;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fixtures).toEqual({
      // one resource of the seed per fixture of the table (contract/fixtures.ts)
      ...Object.fromEntries(FIXTURE_NAMES.map((name) => [name, SEED[name]])),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      forbiddenToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      // a key that may read but not write (test/e2e/misconfigured.test.ts)
      readOnlyToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      pushPolicy: 'ABORT',
    });
    expect(new Set([fixtures.token, fixtures.forbiddenToken, fixtures.readOnlyToken]).size).toBe(3);
  });

  it('starts with fresh state and fresh keys every time', async () => {
    const [first, second] = await Promise.all([startReference({ faults: [] }), startReference({ faults: [] })]);
    try {
      expect(first.fixtures.token).not.toBe(second.fixtures.token);
      expect(first.baseUrl).not.toBe(second.baseUrl);
      const remove = (d: typeof first) => send(d.baseUrl, 'DELETE', `/v1/data-sources/${d.fixtures.deletableDataSourceId}`, {}, d.fixtures.token);
      expect((await remove(first)).status).toBe(204);
      expect((await remove(second)).status).toBe(204);
      // the key of one deployment is unknown to the other
      const crossed = await send(second.baseUrl, 'GET', `/v1/organisations/${second.fixtures.organisationId}`, {}, first.fixtures.token);
      expect(crossed.status).toBe(401);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('closes promptly although a client holds a keep-alive connection', async () => {
    const deployment = await startReference({ faults: [] });
    const agent = new Agent({ keepAlive: true });
    const url = new URL(deployment.baseUrl);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request({ host: url.hostname, port: url.port, path: '/v1/none', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(404);
    const started = Date.now();
    await deployment.close();
    // a close that waited for the idle connection would take the server's keep-alive timeout, 5 s; well under
    // that is prompt, however busy the machine
    expect(Date.now() - started).toBeLessThan(3000);
    agent.destroy();
  });

  it('answers a defect of its own with a bare 500, no stack', async () => {
    vi.spyOn(HANDLERS.getOrganisation, 'reply').mockImplementation(() => {
      throw new Error('defect at reference/handlers/organisations.ts:1');
    });
    const { call, deployment } = reference();
    const answer = await call('GET', `/v1/organisations/${deployment.fixtures.organisationId}`);
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({
      errors: [{ code: 500, title: 'Internal Server Error', detail: 'The request could not be completed.', source: {} }],
    });
    expect(answer.text).not.toMatch(/defect|\.ts|at /);
    vi.restoreAllMocks();
    expect((await call('GET', `/v1/organisations/${deployment.fixtures.organisationId}`)).status).toBe(200);
  });
});
