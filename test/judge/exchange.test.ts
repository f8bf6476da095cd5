// checkExchange (src/judge/exchange.ts) judges one recorded exchange with no suite running. Proved the way the
// suites are: every probe of the interface (test/reference/probes.ts) answered by the correct reference
// passes, and every fault of the reference that one exchange can show is caught, under the requirement it
// breaks and no other.
import { describe, expect, it } from 'vitest';
import { allFaults, FAULT_NAMES } from '../../reference/faults.ts';
import { allFreedoms } from '../../reference/freedoms.ts';
import type { ReferenceOptions } from '../../reference/server.ts';
import { checkExchange, NotAnOperationError, operationOf, type ExchangeVerdict } from '../../src/judge/exchange.ts';
import { loggedRequest } from '../reference/deviations/shared.ts';
import type { Answer } from '../reference/helpers.ts';
import { probes, withReference } from '../reference/probes.ts';

const FAULTS = Object.fromEntries((await allFaults()).map((f) => [f.name, f]));

/** An answer of the reference's test client as checkExchange takes it. */
const recorded = (answer: Answer) => ({
  request: { method: answer.request.method, url: answer.request.path, headers: answer.request.headers, body: answer.request.body },
  response: { status: answer.status, headers: answer.headers, body: answer.bytes },
});

/** Every probe's verdict (probes of no operation, such as an unknown path, have none). */
async function verdicts(options: ReferenceOptions): Promise<{ probe: string; verdict: ExchangeVerdict }[]> {
  return withReference(options, async (reference) => {
    const out: { probe: string; verdict: ExchangeVerdict }[] = [];
    // the probes, and the logged request the deployment names as its fixture (a fault may log it under another id)
    const fixture: (typeof probes)[number] = {
      name: 'the fixture logged request',
      shows: [],
      method: 'GET',
      path: loggedRequest(reference.deployment.fixtures.requestId),
    };
    for (const probe of [...probes, fixture]) {
      const answer = await reference.call(probe.method, probe.path, probe.call?.(reference));
      if (!operationOf(probe.method, probe.path)) continue;
      out.push({ probe: probe.name, verdict: checkExchange(recorded(answer)) });
    }
    return out;
  });
}

/**
 * Faults no single exchange shows, and why: what the deployment keeps (a later answer, a second delete), and
 * whether a key or an id is known to it, are not in the exchange.
 */
const unknownKey = 'a key the deployment does not know is answered 401, but whether it knows a key is not in the exchange';
const permission = 'whether the key may act on the resource (403, or 2xx) is not in the exchange';
const unknownId = 'whether an id names something is not in the exchange: an unknown id may be answered with any refusal';
const kept = 'what the deployment keeps shows in a later answer, not in this one';
const validRefused =
  'a valid body refused with a 4xx: one exchange cannot tell it from a refusal for another reason (an unknown mock API); the suites send the limit values to a fixture that exists';
const NOT_IN_ONE_EXCHANGE: Record<string, string> = {
  'auth-key-case-insensitive': unknownKey,
  'auth-key-extra-characters-accepted': unknownKey,
  'auth-key-prefix-accepted': unknownKey,
  'auth-scheme-lowercase-403': `\`token <key>\` answered 403: ${permission}`,
  'chaos-percentage-0-rejected': validRefused,
  'chaos-percentage-exponent-rejected': validRefused,
  'chaos-percentage-100-rejected': validRefused,
  'chaos-status-400-rejected': validRefused,
  'chaos-status-599-rejected': validRefused,
  'chaos-unknown-mock-api-accepted': unknownId,
  'data-source-boolean-column-refused': validRefused,
  'data-source-delete-400': unknownId,
  'data-source-delete-not-permanent': kept,
  'data-source-version-frozen': kept,
  'data-source-version-only-on-rename': kept,
  'forbidden-delete-404': permission,
  'forbidden-key-permitted': permission,
  'logged-request-unknown-id-200': unknownId,
  'mock-api-id-counted-in-utf16-units':
    'an id of 10 characters refused 400: one exchange cannot tell a refusal for its length from one for its characters; the suites compare it with the same id a character shorter',
  'organisation-unknown-id-400': unknownId,
  'organisation-wrong-type-name-stored': kept,
  'oversize-body-500':
    'a body over 1 MiB is valid JSON of the right shape: whether the deployment takes bodies that large is not shown, so its 5xx is not judged from one exchange',
  'state-expression-several-references-rejected': validRefused,
  'team-member-delete-403': permission,
  'team-member-delete-not-permanent': kept,
  'team-member-removed-from-any-team': unknownId,
  'team-non-member-400': unknownId,
};

describe('checkExchange on the correct reference', () => {
  it('passes every probe of the interface, with nothing violated', async () => {
    const judged = await verdicts({ faults: [] });
    expect(judged.length).toBeGreaterThan(50);
    expect(judged.filter((j) => j.verdict.outcome !== 'passed').map((j) => ({ probe: j.probe, violations: j.verdict.violations }))).toEqual([]);
  });
});

describe('checkExchange on the reference with every allowed variation', () => {
  const passing = (judged: { probe: string; verdict: ExchangeVerdict }[]) =>
    judged.filter((j) => j.verdict.outcome !== 'passed').map((j) => ({ probe: j.probe, violations: j.verdict.violations }));

  it('passes every probe: what the interface leaves open is never a violation', async () => {
    expect(passing(await verdicts({ faults: [], variations: true }))).toEqual([]);
  });

  it('passes every probe of the seeded resources with every freedom that keeps their ids', async () => {
    // the probes name the seeded ids: with the freedoms that change them, most would find nothing
    const keeping = (await allFreedoms()).filter((f) => f.patch.ids === undefined).map((f) => f.name);
    expect(passing(await verdicts({ faults: [], freedoms: keeping }))).toEqual([]);
  });
});

describe('checkExchange on each fault of the reference', () => {
  it.each(FAULT_NAMES)('%s: caught under its own requirement, or named as one no exchange shows', async (name) => {
    const fault = FAULTS[name]!;
    const judged = await verdicts({ faults: [name] });
    const violated = new Set(judged.flatMap((j) => j.verdict.violations.map((v) => v.requirement)));
    // what only a sequence, overlapping requests or time shows (reference/patch.ts, Fault.seenIn and
    // Fault.shownOnlyBy) is in no one exchange either
    if (name in NOT_IN_ONE_EXCHANGE || fault.seenIn === 'sequences' || fault.shownOnlyBy !== undefined) {
      expect([...violated]).toEqual([]);
      return;
    }
    expect([...violated]).toContain(fault.breaks);
    // nothing but what the fault declares it breaks
    for (const id of violated) expect([fault.breaks, ...Object.keys(fault.alsoBreaks ?? {})]).toContain(id);
  });
});

describe('checkExchange itself', () => {
  it('names an exchange that is none of the nine operations', () => {
    expect(() => checkExchange({ request: { method: 'GET', url: '/v1/none' }, response: { status: 404 } })).toThrow(NotAnOperationError);
    expect(() => checkExchange({ operation: 'getOrganisation', request: { method: 'PUT', url: '/v1/organisations/o' }, response: { status: 200 } })).toThrow(
      /is updateOrganisation, not getOrganisation/,
    );
  });

  it('reads a deployment served under a base path, and full URLs', () => {
    expect(operationOf('GET', 'https://api.example/base/v1/organisations/org%201?x=1')).toEqual({
      operation: 'getOrganisation',
      params: { organisationId: 'org 1' },
    });
  });

  it('takes fetch Headers and JSON bodies, and never shows the key', () => {
    const key = 'k3y-Secret-123456';
    const verdict = checkExchange({
      request: {
        method: 'PUT',
        url: 'http://127.0.0.1:9/v1/organisations/org-1',
        headers: new Headers({ Authorization: `Token ${key}` }),
        body: { organisation: { name: 'A' } },
      },
      response: { status: 200, headers: new Headers({ 'Content-Type': 'application/json' }), body: { organisation: { id: 'org-1', name: key } } },
    });
    expect(verdict.outcome).toBe('failed');
    expect(verdict.violations.map((v) => v.requirement)).toContain('ORG-RESPONSE');
    expect(verdict.violations.map((v) => v.requirement)).toContain('ORG-RENAME');
    expect(JSON.stringify(verdict)).not.toContain(key);
    expect(verdict.evidence.curl).toContain('$MOCKAPI_TOKEN');
  });
});

describe('a field missing from a success body', () => {
  it('is reported once, by the check of that field, not by the body check as well (links.self of a data source: DS-LINKS alone)', async () => {
    const { startReference } = await import('../../reference/server.ts');
    const reference = await startReference({ port: 0, faults: [] });
    try {
      const { token, dataSourceId } = reference.fixtures;
      const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
      const body = JSON.stringify({ dataSource: { name: 'n', type: 'CSV', columnsMetadata: [{ name: 'a', type: { name: 'STRING' } }], rows: [['x']] } });
      const url = `/v1/data-sources/${dataSourceId}`;
      const answer = await fetch(reference.baseUrl + url, { method: 'PUT', headers, body });
      const json = (await answer.json()) as { dataSource: { links: Record<string, string> } };
      delete json.dataSource.links.self;
      const verdict = checkExchange({
        request: { method: 'PUT', url, headers, body },
        response: { status: answer.status, headers: Object.fromEntries(answer.headers), body: JSON.stringify(json) },
      });
      expect(verdict.violations.map((v) => v.requirement)).toEqual(['DS-LINKS']);
    } finally {
      await reference.close();
    }
  });
});
