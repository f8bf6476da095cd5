// Each fault must show its deviation (test/reference/deviations/, a file per area), and change nothing that its requirement does not
// cover: a check that fails for the wrong reason proves nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allFaults, faultCatalogue, FAULT_NAMES } from '../../reference/faults.ts';
import { startReference, type ReferenceOptions } from '../../reference/server.ts';
import { isRequirementId, type RequirementId } from '../../contract/requirements.ts';
import { operationOf } from '../../src/judge/exchange.ts';
import { compareInstants, durationSeconds, parseUtcTimestamp } from '../../src/judge/iso8601.ts';
import { deviations } from './deviations/index.ts';
import { push } from './deviations/shared.ts';
import { NOT_FOUND_BODY, type Answer } from './helpers.ts';
import { probes, withReference } from './probes.ts';

const FAULTS = Object.fromEntries((await allFaults()).map((f) => [f.name, f]));

/** Every UUID as the n-th one met, so that random ids compare equal but two different ids do not. */
function maskUuids(text: string): string {
  const seen = new Map<string, number>();
  return text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => {
    if (!seen.has(uuid)) seen.set(uuid, seen.size + 1);
    return `<uuid${seen.get(uuid)}>`;
  });
}

/** loggedDate as whole seconds after loggedDateString: the instant differs per start, their distance does not. */
function maskLoggedDate(text: string): string {
  const shown = /"loggedDateString":"([^"]+)"/.exec(text)?.[1];
  const at = shown === undefined ? NaN : Date.parse(shown);
  return text.replace(
    /"loggedDate":(\d+)/g,
    (_, ms: string) => `"loggedDate":"<${Number.isNaN(at) ? '?' : Math.floor((Number(ms) - at) / 1000)} s after loggedDateString>"`,
  );
}

// What differs between two correct deployments (random ids, clocks) is masked; precision is kept.
function mask(text: string): string {
  return maskUuids(maskLoggedDate(text))
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, (timestamp) => timestamp.replace(/\d/g, '9'))
    .replace(/"PT[\d.]+S"/g, '"<duration>"');
}

/** What the mask hides but a fault may change: how the times of one answer relate to each other and to now. */
function timeFacts(json: unknown): Record<string, boolean> {
  const facts: Record<string, boolean> = {};
  const job = (json as { job?: { started?: string; finished?: string; elapsed?: string } } | undefined)?.job;
  if (job?.started) facts.jobStartedNow = Math.abs((parseUtcTimestamp(job.started)?.epochMs ?? 0) - Date.now()) < 5 * 60_000;
  if (job?.started && job.finished) {
    const [started, finished] = [parseUtcTimestamp(job.started), parseUtcTimestamp(job.finished)];
    if (started && finished) {
      facts.finishedNotBeforeStarted = compareInstants(finished, started) >= 0;
      const elapsed = job.elapsed === undefined ? undefined : durationSeconds(job.elapsed);
      if (elapsed !== undefined) facts.elapsedAgrees = Math.abs(elapsed - (finished.epochMs - started.epochMs) / 1000) <= 1;
    }
  }
  const updatedAt = (json as { dataSource?: { lastUpdatedTime?: string } } | undefined)?.dataSource?.lastUpdatedTime;
  if (updatedAt) facts.lastUpdatedNow = Math.abs(Date.parse(updatedAt) - Date.now()) < 5 * 60_000;
  return facts;
}

const observe = (answer: Answer) => ({ status: answer.status, type: answer.headers['content-type'], body: mask(answer.text), times: timeFacts(answer.json) });

/** The requirements on the body of an answer of this kind (a successful answer's are its probe's). */
function bodyShows({ status, body }: ReturnType<typeof observe>): RequirementId[] {
  if (status < 400) return [];
  const shows: RequirementId[] = ['GEN-NO-5XX'];
  // every body but the 401's is JSON, a refusal's too
  if (status !== 401) shows.push('GEN-JSON');
  if (status === 401) shows.push('AUTH-401-BODY');
  if (status === 403) shows.push('AUTH-403-BODY');
  if (status === 404) shows.push('ERR-404');
  if (body.includes('"errors"')) shows.push('ERR-ERROR-LIST');
  if (body.includes('"Invalid JSON"')) shows.push('ERR-INVALID-JSON');
  return shows;
}

/** A probe of an operation's documented method and path that the faulty deployment answered 405 shows that they reach it no more. */
function unserved(name: string, faultyStatus: number | undefined): RequirementId[] {
  const probe = probes.find((p) => p.name === name)!;
  return faultyStatus === 405 && operationOf(probe.method, probe.path) ? ['EP-METHOD-PATH'] : [];
}

async function pass(options: ReferenceOptions): Promise<Map<string, { observed: ReturnType<typeof observe>; shows: RequirementId[] }>> {
  return withReference(options, async (reference) => {
    const seenByProbe = new Map<string, { observed: ReturnType<typeof observe>; shows: RequirementId[] }>();
    for (const probe of probes) {
      const observed = observe(await reference.call(probe.method, probe.path, probe.call?.(reference)));
      seenByProbe.set(probe.name, { observed, shows: [...probe.shows, ...bodyShows(observed)] });
    }
    return seenByProbe;
  });
}

describe('the fault register', () => {
  it('names a requirement of the register and says what it does, for every fault', () => {
    for (const fault of Object.values(FAULTS)) {
      expect(isRequirementId(fault.breaks)).toBe(true);
      expect(fault.description.length).toBeGreaterThan(10);
    }
  });

  it('has a test of its deviation for every fault', () => {
    expect(Object.keys(deviations).sort()).toEqual([...FAULT_NAMES].sort());
  });

  it('refuses an unknown name, saying how to list the known ones', async () => {
    await expect(startReference({ faults: ['push-status-200', 'no-such-fault'] })).rejects.toThrow(
      'unknown fault: no-such-fault (mockapi-conformance reference --list-faults lists them)',
    );
  });

  it('lists every fault in its catalogue: name, requirement, description', async () => {
    const lines = (await faultCatalogue()).split('\n');
    expect(lines).toHaveLength(FAULT_NAMES.length);
    for (const [i, name] of FAULT_NAMES.entries()) expect(lines[i]!.split(/ {2,}/)).toEqual([name, FAULTS[name]!.breaks, FAULTS[name]!.description]);
  });
});

/**
 * The correct reference's pass, made once for the file: every fault's pass is held to it. Each pass starts a
 * deployment of its own and the mask hides what differs between two correct ones, so one serves them all.
 */
let correctPass: ReturnType<typeof pass> | undefined;
const correctOnce = () => (correctPass ??= pass({ faults: [] }));

describe.each(FAULT_NAMES)('fault %s', (name) => {
  it(`shows its deviation (breaks ${FAULTS[name]!.breaks})`, async () => {
    await withReference({ faults: [name] }, deviations[name]!);
  });

  it('changes nothing its requirement does not cover', async () => {
    const [correct, faulty] = await Promise.all([correctOnce(), pass({ faults: [name] })]);
    const changed = probes.map((p) => p.name).filter((probe) => JSON.stringify(correct.get(probe)?.observed) !== JSON.stringify(faulty.get(probe)?.observed));
    // a fault only sequences, overlapping requests or time show may change no probe, each sent once on a fresh
    // deployment (its deviation shows it)
    if (FAULTS[name]!.seenIn !== 'sequences' && FAULTS[name]!.shownOnlyBy === undefined) expect(changed.length).toBeGreaterThan(0);
    for (const probe of changed) {
      const shows = [...(correct.get(probe)?.shows ?? []), ...unserved(probe, faulty.get(probe)?.observed.status)];
      expect({ probe, shows }).toEqual({ probe, shows: expect.arrayContaining([FAULTS[name]!.breaks]) });
    }
  });
});

describe('switching faults on', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads MOCKAPI_REFERENCE_FAULTS when no faults are given', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FAULTS', ' push-status-200 , not-found-code-string ');
    await withReference({}, async ({ call }) => {
      expect((await call('PUT', push, { body: { push: {} } })).status).toBe(200);
      expect((await call('GET', '/v1/none')).json).toEqual({ ...NOT_FOUND_BODY, code: '404' });
    });
  });

  it('lets the faults given win over the environment', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FAULTS', 'push-status-200');
    await withReference({ faults: [] }, async ({ call }) => {
      expect((await call('PUT', push, { body: { push: {} } })).status).toBe(202);
    });
  });

  it('refuses an unknown name in the environment', async () => {
    vi.stubEnv('MOCKAPI_REFERENCE_FAULTS', 'nope');
    await expect(startReference()).rejects.toThrow(/^unknown fault: nope \(mockapi-conformance reference --list-faults lists them\)$/);
  });
});
