// Variations mode: every freedom of the reference at once (reference/variations.ts), switched on by option or
// environment; freedoms named one by one; both with faults.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietChaosSettings } from '../../contract/chaos.ts';
import { FREEDOM_NAMES } from '../../reference/freedoms.ts';
import { EXTRA_MEMBER } from '../../reference/freedoms/members-extra.ts';
import { startReference } from '../../reference/server.ts';
import { chosenFreedoms, variationsOn } from '../../reference/variations.ts';
import { org } from './deviations/shared.ts';
import { useReference, validRequest } from './helpers.ts';

const varied = useReference({ variations: true, faults: [], fresh: true });

describe('variations mode', () => {
  it('switches every freedom on', () => {
    expect(chosenFreedoms({ variations: true }, {})).toEqual(FREEDOM_NAMES);
    expect(chosenFreedoms({ variations: false, freedoms: ['job-running'] }, {})).toEqual(['job-running']);
    expect(chosenFreedoms({}, { MOCKAPI_REFERENCE_FREEDOMS: ' job-running, members-extra ' })).toEqual(['job-running', 'members-extra']);
    expect(chosenFreedoms({}, { MOCKAPI_REFERENCE_VARIATIONS: '1', MOCKAPI_REFERENCE_FREEDOMS: 'job-running' })).toEqual(FREEDOM_NAMES);
  });

  it('composes them: every operation answers, each answer showing several at once', async () => {
    const { call, deployment } = varied();
    const organisation = await call('GET', validRequest('getOrganisation', deployment.fixtures).path);
    expect(organisation.status).toBe(203);
    expect(organisation.headers['content-type']).toBe('application/json; charset=utf-8');
    const json = organisation.json as Record<string, any>;
    expect(Object.keys(json)).toEqual(['organisation', EXTRA_MEMBER, 'meta']);
    expect(json.organisation.emailAddress).toBe('"Example Ltd" <"ops desk"@bücher.example>');
    for (const id of [
      'updateChaosSettings',
      'updateStateSettings',
      'updateOrganisation',
      'updateDataSource',
      'getLoggedRequest',
      'pushOpenApiToGit',
      'deleteDataSource',
      'deleteTeamMember',
    ] as const) {
      const request = validRequest(id, deployment.fixtures);
      const body =
        id === 'updateChaosSettings'
          ? { chaos: quietChaosSettings() }
          : id === 'pushOpenApiToGit'
            ? { push: { outOfSyncPolicy: deployment.fixtures.pushPolicy } }
            : request.body;
      const answer = await call(request.method, request.path, { body });
      expect(answer.status, `${id}: ${answer.text}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${id}: ${answer.text}`).toBeLessThan(300);
    }
  });
});

describe('switching variations on', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['1', true],
    ['true', true],
    [' ON ', true],
    ['0', false],
    ['false', false],
    ['', false],
    [undefined, false],
  ])('reads MOCKAPI_REFERENCE_VARIATIONS=%j as %s', (value, on) => {
    expect(variationsOn(undefined, value)).toBe(on);
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => variationsOn(undefined, 'maybe')).toThrow("MOCKAPI_REFERENCE_VARIATIONS must be 1 or 0, not 'maybe'");
  });

  it('reads the environment when the option is left out, and lets the option win', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_VARIATIONS', '1');
    for (const [options, type] of [
      [{}, 'application/json; charset=utf-8'],
      [{ variations: false, freedoms: [] }, 'application/json'],
    ] as const) {
      const deployment = await startReference({ faults: [], ...options });
      try {
        const answer = await fetch(`${deployment.baseUrl}${org}`, { headers: { Authorization: `Token ${deployment.fixtures.token}` } });
        expect(answer.headers.get('content-type')).toBe(type);
      } finally {
        await deployment.close();
      }
    }
  });

  it('reads MOCKAPI_REFERENCE_FREEDOMS when no freedoms are given, and refuses a name that is no freedom', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FREEDOMS', 'media-type-charset');
    const deployment = await startReference({ faults: [] });
    try {
      const answer = await fetch(`${deployment.baseUrl}${org}`, { headers: { Authorization: `Token ${deployment.fixtures.token}` } });
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    } finally {
      await deployment.close();
    }
    await expect(startReference({ faults: [], freedoms: ['nope'] })).rejects.toThrow('unknown freedom: nope');
  });

  it('combines with faults, the fault having the last word', async () => {
    const deployment = await startReference({ faults: ['push-status-200'], variations: true });
    try {
      const answer = await fetch(`${deployment.baseUrl}${validRequest('pushOpenApiToGit', deployment.fixtures).path}`, {
        method: 'PUT',
        headers: { Authorization: `Token ${deployment.fixtures.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ push: { outOfSyncPolicy: deployment.fixtures.pushPolicy } }),
      });
      expect(answer.status).toBe(200);
      // job-failed-without-finished comes first of the freedoms that change a job's status
      expect(await answer.json()).toMatchObject({ job: { status: 'FAILED' } });
    } finally {
      await deployment.close();
    }
  });
});
