// The judgements of fields a schema cannot judge (src/judge/fields.ts), each on hand-made resources: every test
// names the violation or note it asserts, with the words a user reads.
import { describe, expect, test } from 'vitest';
import type { Judge } from '../../src/judge/judge.ts';
import {
  dataSourceLinks,
  dataSourceNoRows,
  dataSourceReplaces,
  jobElapsed,
  jobElapsedAgrees,
  jobFields,
  jobTimesNow,
  jobFinished,
  jobFinishedNotBeforeStarted,
  jobFinishedPresent,
  jobFinishedStage,
  jobLinks,
  jobOutcome,
  jobStarted,
  jobType,
  lastUpdatedNotBefore,
  lastUpdatedNow,
  lastUpdatedTime,
  loggedBody,
  loggedClientIp,
  loggedClientIpForm,
  loggedAbsoluteUrlHost,
  loggedCookies,
  loggedDate,
  loggedDateFormat,
  loggedHeaderNames,
  loggedMethod,
  loggedRequestIdentity,
  loggedUrl,
  loggedUrlPath,
  emailForm,
  organisationEmail,
  organisationEmailForm,
  organisationIdentity,
  organisationLinks,
  pathAndQuery,
  requestIdUuid,
} from '../../src/judge/fields.ts';
import { found, judge } from '../support/judged.ts';

/** Runs one judgement on a fresh judge (of a live deployment unless told) and returns the judge. */
function judged<A extends unknown[]>(f: (t: Judge, ...a: A) => void, ...args: A): Judge {
  const t = judge();
  f(t, ...args);
  return t;
}
function judgedOnMock<A extends unknown[]>(f: (t: Judge, ...a: A) => void, ...args: A): Judge {
  const t = judge('mock');
  f(t, ...args);
  return t;
}
const quiet = (t: Judge) => [t.violations, t.notes];

describe('job', () => {
  test('jobType: the named value noted as named, another as open, with the status; no string is JOB-TYPE and nothing noted', () => {
    expect(quiet(judged(jobType, { jobType: 'open-api-git-pull', status: 'RUNNING' }))).toEqual([
      [],
      ['jobType "open-api-git-pull", the value the interface names', 'job status "RUNNING"'],
    ]);
    expect(judged(jobType, { jobType: 'other' }).notes).toEqual([
      'jobType "other": a value the interface does not name, which it leaves open',
      'job status undefined',
    ]);
    const t = judged(jobType, { jobType: 1 });
    expect(quiet(t)).toEqual([[expect.objectContaining({ requirement: 'JOB-TYPE', expected: 'jobType a string', actual: '1' })], []]);
  });

  test('jobStarted: nine decimal digits of a real date pass; fewer digits, a date that is not real, or no string is JOB-STARTED', () => {
    expect(judged(jobStarted, { started: '2026-11-21T10:15:30.123456789Z' }).violations).toEqual([]);
    for (const started of ['2026-11-21T10:15:30.123Z', '2026-02-30T10:15:30.123456789Z', 1]) {
      expect(found(judged(jobStarted, { started })), String(started)).toEqual([
        ['JOB-STARTED', 'an ISO 8601 UTC timestamp of a real date with nine decimal digits of the second', JSON.stringify(started)],
      ]);
    }
  });

  test('jobFinished: absent is a note with the status; a real UTC timestamp passes; a date that is not real or no timestamp is JOB-FINISHED', () => {
    expect(quiet(judged(jobFinished, { status: 'RUNNING' }))).toEqual([[], ['no finished (status "RUNNING"): present only once the job has finished']]);
    expect(quiet(judged(jobFinished, { finished: '2026-11-21T10:15:30Z' }))).toEqual([[], []]);
    for (const finished of ['2026-02-30T10:15:30Z', 'yesterday', null]) {
      expect(found(judged(jobFinished, { finished })), String(finished)).toEqual([
        ['JOB-FINISHED', 'an ISO 8601 UTC timestamp of a real date', JSON.stringify(finished)],
      ]);
    }
  });

  test('jobElapsed: an ISO 8601 duration passes; other text or no string is JOB-ELAPSED', () => {
    expect(judged(jobElapsed, { elapsed: 'PT0.25S' }).violations).toEqual([]);
    for (const elapsed of ['0.25', 'PT', 0.25]) {
      expect(found(judged(jobElapsed, { elapsed })), String(elapsed)).toEqual([
        ['JOB-ELAPSED', 'an ISO 8601 duration such as PT0.25S', JSON.stringify(elapsed)],
      ]);
    }
  });

  test('jobFinishedNotBeforeStarted: a started that is no string or not readable is nothing to compare', () => {
    for (const started of [1, '2026-02-30T10:00:00Z']) {
      const t = judged(jobFinishedNotBeforeStarted, { started, finished: '2026-11-21T10:00:00Z' });
      expect(quiet(t)).toEqual([
        [],
        [`nothing to compare: started ${JSON.stringify(started)}, finished "2026-11-21T10:00:00Z" (JOB-STARTED and JOB-FINISHED judge their formats)`],
      ]);
    }
    expect(judged(jobFinishedNotBeforeStarted, { started: '2026-11-21T10:00:00Z', finished: 5 }).notes).toHaveLength(1);
  });

  test('jobElapsedAgrees: exactly one second off passes; a finished that is no string or an elapsed that is none is nothing to compare', () => {
    const span = (elapsed: string) => found(judged(jobElapsedAgrees, { started: '2026-11-21T10:00:00Z', finished: '2026-11-21T10:00:10Z', elapsed }));
    expect(span('PT11S')).toEqual([]);
    expect(span('PT9S')).toEqual([]);
    expect(span('PT11.001S')).toEqual([['JOB-TIMES', 'elapsed within 1 s of 10 s, the time from started to finished', 'elapsed PT11.001S (11.001 s)']]);
    expect(span('PT8.999S')).toHaveLength(1);
    for (const j of [
      { started: '2026-11-21T10:00:00Z', finished: 10, elapsed: 'PT1S' },
      { started: 1, finished: '2026-11-21T10:00:10Z', elapsed: 'PT1S' },
      { started: '2026-11-21T10:00:00Z', finished: '2026-11-21T10:00:10Z' },
    ]) {
      const t = judged(jobElapsedAgrees, j);
      expect(quiet(t)).toEqual([
        [],
        [
          `nothing to compare: started ${JSON.stringify(j.started)}, finished ${JSON.stringify(j.finished)}, elapsed ${JSON.stringify(j.elapsed)} (a running job has no finished; a duration in years or months has no fixed length)`,
        ],
      ]);
    }
  });

  test('jobLinks on a live deployment: exactly /v1/mock-apis/<the id pushed to>/jobs/<job id>', () => {
    expect(judged(jobLinks, { id: 'j1', links: { self: '/v1/mock-apis/m1/jobs/j1' } }, 'm1').violations).toEqual([]);
    expect(found(judged(jobLinks, { id: 'j1', links: { self: '/v1/mock-apis/m2/jobs/j1' } }, 'm1'))).toEqual([
      ['JOB-LINKS', 'links.self = /v1/mock-apis/m1/jobs/j1', 'links.self = "/v1/mock-apis/m2/jobs/j1"'],
    ]);
    expect(found(judged(jobLinks, { id: 'j1' }, 'm1'))).toEqual([['JOB-LINKS', 'links.self = /v1/mock-apis/m1/jobs/j1', 'links.self = undefined']]);
  });

  test('jobLinks on a mock: under any mock API, ending with the job id', () => {
    expect(judgedOnMock(jobLinks, { id: 'j1', links: { self: '/v1/mock-apis/any/jobs/j1' } }, 'm1').violations).toEqual([]);
    for (const self of [
      '/v1/mock-apis/any/jobs/j2',
      '/v2/mock-apis/any/jobs/j1',
      'x/v1/mock-apis/any/jobs/j1',
      '/v1/mock-apis//jobs/j1',
      '/v1/mock-apis/a/b/jobs/j1',
      7,
    ]) {
      expect(found(judgedOnMock(jobLinks, { id: 'j1', links: { self } }, 'm1')), String(self)).toEqual([
        ['JOB-LINKS', 'links.self = /v1/mock-apis/<mock_api_id>/jobs/j1', `links.self = ${JSON.stringify(self)}`],
      ]);
    }
    expect(found(judgedOnMock(jobLinks, { id: 'j1' }, 'm1'))).toEqual([
      ['JOB-LINKS', 'links.self = /v1/mock-apis/<mock_api_id>/jobs/j1', 'links.self = undefined'],
    ]);
  });

  test('jobOutcome: absent is a note with the status; a valid one passes, its errorCode noted; another shape is JOB-OUTCOME with the errors and the outcome', () => {
    expect(quiet(judged(jobOutcome, { status: 'RUNNING' }))).toEqual([[], ['no outcome (status "RUNNING")']]);
    const outcome = { errorCode: 'NO_LOCAL_HEAD', errors: [{ code: 10, title: 't', detail: 'd' }] };
    expect(quiet(judged(jobOutcome, { outcome }))).toEqual([[], ['outcome.errorCode "NO_LOCAL_HEAD"']]);
    const bad = { errorCode: 1, pad: 'p'.repeat(400) };
    const t = judged(jobOutcome, { outcome: bad });
    expect(found(t)).toEqual([
      [
        'JOB-OUTCOME',
        'outcome { errorCode: string, errors: [{ code: integer, title: string, detail: string }] }',
        `${JSON.stringify(['/errorCode must be string'])} in ${JSON.stringify(bad).slice(0, 300)}`,
      ],
    ]);
    expect(t.notes).toEqual(['outcome.errorCode 1']);
    expect(judged(jobOutcome, { outcome: null }).notes).toEqual(['outcome.errorCode undefined']);
  });

  test('jobFields: every judgement of a job, links last', () => {
    const t = judged(jobFields, { id: 'j1', status: 'RUNNING', jobType: 1, started: 'x', elapsed: 'x', links: {} }, 'm1');
    expect(t.violations.map((v) => v.requirement)).toEqual(['JOB-TYPE', 'JOB-STARTED', 'JOB-ELAPSED', 'JOB-LINKS']);
    expect(t.notes).toEqual([
      expect.stringMatching(/^no finished/),
      expect.stringMatching(/^nothing to compare: started "x", finished undefined \(JOB/),
      expect.stringMatching(/^nothing to compare: started "x", finished undefined, elapsed/),
      'no outcome (status "RUNNING")',
    ]);
  });

  test("jobTimesNow: started and finished at the push, as UTC, by the answer's Date header alone; a local time with Z is not", () => {
    const now = Date.UTC(2026, 10, 21, 10, 0, 0);
    const at = { headers: { date: new Date(now).toUTCString() } };
    const job = (started: number, finished?: number) => ({
      started: new Date(started).toISOString().replace('Z', '000000Z'),
      ...(finished === undefined ? {} : { finished: new Date(finished).toISOString() }),
    });
    expect(found(judged(jobTimesNow, job(now - 1_500, now - 200), at))).toEqual([]);
    expect(found(judged(jobTimesNow, job(now - 1_500), at))).toEqual([]);
    // a local time an hour east of UTC, written with Z: both times
    const east = 3_600_000;
    expect(found(judged(jobTimesNow, job(now + east, now + east + 10), at)).map(([r, e]) => [r, e])).toEqual([
      ['JOB-TIMES-NOW', "started within 15 minutes of 2026-11-21T10:00:00.000Z (the answer's Date header)"],
      ['JOB-TIMES-NOW', "finished within 15 minutes of 2026-11-21T10:00:00.000Z (the answer's Date header)"],
    ]);
    expect(found(judged(jobTimesNow, job(now - 5 * 3_600_000), at)).map(([r]) => r)).toEqual(['JOB-TIMES-NOW']);
  });

  test("jobTimesNow: a deployment's clock years off this machine's, its Date agreeing, passes; a gateway's Date minutes off passes", () => {
    const leapDay = Date.UTC(2024, 1, 29, 12, 0, 0);
    const job = { started: '2024-02-29T11:59:59.123456789Z', finished: '2024-02-29T11:59:59.2Z' };
    // an exchange as the client gives it, with this machine's clock when it came: not a clock the judgement reads
    const answered = { headers: { date: new Date(leapDay).toUTCString() }, receivedAt: Date.now() };
    const t = judged(jobTimesNow, job, answered);
    expect([t.violations, t.notes]).toEqual([[], []]);
    const viaGateway = { headers: { date: new Date(leapDay + 14 * 60_000).toUTCString() }, receivedAt: Date.now() };
    const gateway = judged(jobTimesNow, job, viaGateway);
    expect([gateway.violations, gateway.notes]).toEqual([[], []]);
  });

  test('jobTimesNow: without a Date header nothing is set against a clock, and that is noted', () => {
    const undated = { headers: {}, receivedAt: Date.now() };
    const t = judged(jobTimesNow, { started: '2001-01-01T00:00:00.000000000Z', finished: '2001-01-01T00:00:01Z' }, undated);
    expect(t.violations).toEqual([]);
    expect(t.notes).toEqual([
      "the answer has no readable Date header, the clock of the answer, so started was not set against a clock (never against this machine's)",
      "the answer has no readable Date header, the clock of the answer, so finished was not set against a clock (never against this machine's)",
    ]);
  });
});

describe('a JSON array holding a valid value is not that value', () => {
  const AT = ['2026-11-21T10:00:00Z'];

  test('job: finished, elapsed and links.self in an array are violations; started or elapsed in one leave nothing to compare', () => {
    expect(found(judged(jobFinished, { finished: AT }))).toEqual([['JOB-FINISHED', 'an ISO 8601 UTC timestamp of a real date', JSON.stringify(AT)]]);
    expect(found(judged(jobElapsed, { elapsed: ['PT1S'] }))).toEqual([['JOB-ELAPSED', 'an ISO 8601 duration such as PT0.25S', '["PT1S"]']]);
    expect(found(judgedOnMock(jobLinks, { id: 'j1', links: { self: ['/v1/mock-apis/a/jobs/j1'] } }, 'm1'))).toEqual([
      ['JOB-LINKS', 'links.self = /v1/mock-apis/<mock_api_id>/jobs/j1', 'links.self = ["/v1/mock-apis/a/jobs/j1"]'],
    ]);
    const later = '2026-11-21T10:00:05Z';
    for (const j of [
      { started: AT, finished: '2026-11-21T09:00:00Z', elapsed: 'PT99S' },
      { started: later, finished: AT, elapsed: 'PT99S' },
    ]) {
      expect(judged(jobFinishedNotBeforeStarted, j).notes, JSON.stringify(j)).toEqual([expect.stringMatching(/^nothing to compare/)]);
    }
    for (const j of [
      { started: AT, finished: '2026-11-21T10:00:10Z', elapsed: 'PT99S' },
      { started: '2026-11-21T09:59:00Z', finished: AT, elapsed: 'PT99S' },
      { started: '2026-11-21T10:00:00Z', finished: '2026-11-21T10:00:10Z', elapsed: ['PT99S'] },
    ]) {
      const t = judged(jobElapsedAgrees, j);
      expect([t.violations, t.notes.length], JSON.stringify(j)).toEqual([[], 1]);
    }
  });

  test('data source: lastUpdatedTime in an array is not compared with the Date header', () => {
    const t = judged(lastUpdatedNow, { lastUpdatedTime: ['2026-11-21T09:00:00.000Z'] }, { headers: { date: 'Sat, 21 Nov 2026 10:00:00 GMT' } });
    expect(quiet(t)).toEqual([[], ['lastUpdatedTime ["2026-11-21T09:00:00.000Z"] is not a readable timestamp, so it was not set against the clock']]);
  });

  test('logged request: loggedDateString in an array is LR-DATE; an absoluteUrl in one is not compared with url', () => {
    expect(found(judged(loggedDate, { request: { loggedDate: 1795255200000, loggedDateString: AT } }))).toEqual([
      ['LR-DATE', 'loggedDate an integer and loggedDateString a string', `1795255200000, ${JSON.stringify(AT)}`],
    ]);
    expect(judged(loggedUrlPath, { request: { url: '/a', absoluteUrl: ['http://h/b'] } }).violations).toEqual([]);
  });
});

describe('data source', () => {
  test('dataSourceNoRows: rows present is DS-NO-ROWS showing them (200 characters at most); absent passes', () => {
    expect(judged(dataSourceNoRows, {}).violations).toEqual([]);
    const rows = [['x'.repeat(300)]];
    expect(found(judged(dataSourceNoRows, { rows }))).toEqual([['DS-NO-ROWS', 'no rows property', `rows = ${JSON.stringify(rows).slice(0, 200)}`]]);
  });

  test('dataSourceReplaces: name, type and columns (name, type, format, in order) as sent; each difference its own violation', () => {
    const sent = {
      name: 'People',
      type: 'CSV',
      columnsMetadata: [
        { name: 'born', type: { name: 'DATE', format: 'iso8601' } },
        { name: 'n', type: { name: 'STRING' } },
      ],
    };
    expect(judged(dataSourceReplaces, structuredClone(sent), sent).violations).toEqual([]);
    const got = {
      name: 'Other',
      type: 'JSON',
      columnsMetadata: [
        { name: 'born', type: { name: 'DATE' } },
        { name: 'n', type: { name: 'STRING' } },
      ],
    };
    expect(found(judged(dataSourceReplaces, got, sent))).toEqual([
      ['DS-REPLACES', 'name "People"', '"Other"'],
      ['DS-REPLACES', 'type "CSV"', '"JSON"'],
      ['DS-REPLACES', 'columns ["born:DATE/iso8601","n:STRING"]', '["born:DATE","n:STRING"]'],
    ]);
    const reordered = { ...sent, columnsMetadata: [...sent.columnsMetadata].reverse() };
    expect(found(judged(dataSourceReplaces, reordered, sent))).toEqual([
      ['DS-REPLACES', 'columns ["born:DATE/iso8601","n:STRING"]', '["n:STRING","born:DATE/iso8601"]'],
    ]);
    expect(found(judged(dataSourceReplaces, { ...sent, columnsMetadata: 'x' }, sent))).toEqual([
      ['DS-REPLACES', 'columns ["born:DATE/iso8601","n:STRING"]', '"x"'],
    ]);
    expect(found(judged(dataSourceReplaces, { ...sent, columnsMetadata: [null, {}] }, sent))).toEqual([
      ['DS-REPLACES', 'columns ["born:DATE/iso8601","n:STRING"]', '["undefined:undefined","undefined:undefined"]'],
    ]);
  });

  test('lastUpdatedTime: fractional seconds of a real date pass; none, a date that is not real, or no string is DS-LAST-UPDATED', () => {
    expect(judged(lastUpdatedTime, { lastUpdatedTime: '2026-11-21T10:15:30.1Z' }).violations).toEqual([]);
    for (const v of ['2026-11-21T10:15:30Z', '2026-02-30T10:15:30.1Z', 1]) {
      expect(found(judged(lastUpdatedTime, { lastUpdatedTime: v })), String(v)).toEqual([
        ['DS-LAST-UPDATED', 'an ISO 8601 UTC timestamp with fractional seconds, of a real date and time', JSON.stringify(v)],
      ]);
    }
  });

  test('lastUpdatedNow: what came back is named in the violation; a lastUpdatedTime that is no string is a note', () => {
    const now = Date.UTC(2026, 10, 21, 10, 0, 0);
    const t = judged(lastUpdatedNow, { lastUpdatedTime: '2026-11-21T10:16:00.000Z' }, { headers: { date: new Date(now).toUTCString() } });
    expect(found(t)).toEqual([
      [
        'DS-LAST-UPDATED-NOW',
        "lastUpdatedTime within 15 minutes of 2026-11-21T10:00:00.000Z (the answer's Date header)",
        'lastUpdatedTime 2026-11-21T10:16:00.000Z',
      ],
    ]);
    expect(t.notes).toEqual([]);
    expect(quiet(judged(lastUpdatedNow, { lastUpdatedTime: 5 }, { headers: {} }))).toEqual([
      [],
      ['lastUpdatedTime 5 is not a readable timestamp, so it was not set against the clock'],
    ]);
    // a Date header that cannot be read counts as none: nothing is set against a clock
    const unreadable = judged(lastUpdatedNow, { lastUpdatedTime: '2026-11-21T10:00:00.000Z' }, { headers: { date: 'soon' } });
    expect(quiet(unreadable)).toEqual([
      [],
      ["the answer has no readable Date header, the clock of the answer, so lastUpdatedTime was not set against a clock (never against this machine's)"],
    ]);
  });

  test('lastUpdatedNotBefore: an update never shows a time before the update before it showed, past the 1 s instances may differ', () => {
    const at = (lastUpdatedTime: unknown) => ({ lastUpdatedTime });
    expect(found(judged(lastUpdatedNotBefore, at('2026-11-21T10:00:00.5Z'), at('2026-11-21T10:00:00.500000Z')))).toEqual([]);
    expect(found(judged(lastUpdatedNotBefore, at('2026-11-21T10:00:01.000Z'), at('2026-11-21T10:00:00.999Z')))).toEqual([]);
    // another instance's clock a little behind
    expect(found(judged(lastUpdatedNotBefore, at('2026-11-21T09:59:59.000Z'), at('2026-11-21T10:00:00.000Z')))).toEqual([]);
    expect(found(judged(lastUpdatedNotBefore, at('2026-11-21T09:59:58.999Z'), at('2026-11-21T10:00:00.000Z')))).toEqual([
      [
        'DS-LAST-UPDATED-NOW',
        "lastUpdatedTime at or after 2026-11-21T10:00:00.000Z, the time the update before it showed (or at most 1 s before it: instances' clocks differ a little)",
        'lastUpdatedTime 2026-11-21T09:59:58.999Z',
      ],
    ]);
    // what cannot be read is another requirement's (DS-LAST-UPDATED)
    expect(found(judged(lastUpdatedNotBefore, at(5), at('2026-11-21T10:00:00.000Z')))).toEqual([]);
  });

  test('dataSourceLinks on a live deployment: the id updated, and self and acl built from it, plain or percent-encoded', () => {
    const links = (id: string) => ({ self: `/v1/data-sources/${id}`, acl: `/v1/data-sources/${id}/acl{?subjectId}` });
    expect(judged(dataSourceLinks, { id: 'ds 1', links: links('ds 1') }, 'ds 1').violations).toEqual([]);
    expect(judged(dataSourceLinks, { id: 'ds 1', links: links('ds%201') }, 'ds 1').violations).toEqual([]);
    expect(found(judged(dataSourceLinks, { id: 'ds-2', links: links('ds-2') }, 'ds-1'))).toEqual([
      ['DS-LINKS', 'id "ds-1" (the data source updated)', '"ds-2"'],
      ['DS-LINKS', 'links.self = /v1/data-sources/ds-1', 'links.self = "/v1/data-sources/ds-2"'],
      ['DS-LINKS', 'links.acl = /v1/data-sources/ds-1/acl{?subjectId}', 'links.acl = "/v1/data-sources/ds-2/acl{?subjectId}"'],
    ]);
    expect(found(judged(dataSourceLinks, { id: 'ds-1' }, 'ds-1'))).toEqual([
      ['DS-LINKS', 'links.self = /v1/data-sources/ds-1', 'links.self = undefined'],
      ['DS-LINKS', 'links.acl = /v1/data-sources/ds-1/acl{?subjectId}', 'links.acl = undefined'],
    ]);
  });

  test('dataSourceLinks on a mock: an id that is a number is not compared with the id updated, its links built from it', () => {
    expect(
      judgedOnMock(dataSourceLinks, { id: 5, links: { self: '/v1/data-sources/5', acl: '/v1/data-sources/5/acl{?subjectId}' } }, 'ds-1').violations,
    ).toEqual([]);
  });

  test('dataSourceLinks on a mock: the links built from the answer own id, whatever was updated', () => {
    expect(
      judgedOnMock(dataSourceLinks, { id: 'ex', links: { self: '/v1/data-sources/ex', acl: '/v1/data-sources/ex/acl{?subjectId}' } }, 'ds-1').violations,
    ).toEqual([]);
    expect(
      found(judgedOnMock(dataSourceLinks, { id: 'ex', links: { self: '/v1/data-sources/ds-1', acl: '/v1/data-sources/ex/acl{?subjectId}' } }, 'ds-1')),
    ).toEqual([['DS-LINKS', 'links.self = /v1/data-sources/ex', 'links.self = "/v1/data-sources/ds-1"']]);
  });
});

describe('organisation', () => {
  const org = (id: string) => ({
    id,
    aclSubject: 's 1',
    aclObject: 'o 1',
    links: {
      self: `/v1/organisations/${id}`,
      users: `/v1/organisations/${id}/users`,
      teams: `/v1/organisations/${id}/teams`,
      invitations: `/v1/organisations/${id}/invitations`,
      acl: `/v1/organisations/${id}/acl{?subjectId}`,
      aclSubject: '/v1/acl/subjects/s 1',
      aclObject: '/v1/acl/objects/o%201',
      subscription: '/v1/subscriptions/x',
    },
  });

  test('organisationIdentity: the id asked for, or ORG-IDENTITY naming both', () => {
    expect(judged(organisationIdentity, { id: 'o1' }, 'o1').violations).toEqual([]);
    expect(found(judged(organisationIdentity, { id: 'o2' }, 'o1'))).toEqual([['ORG-IDENTITY', 'id "o1"', 'id "o2"']]);
  });

  test('organisationLinks: each link built from the ids, plain or percent-encoded, and the subscription noted', () => {
    expect(quiet(judged(organisationLinks, org('o 1')))).toEqual([
      [],
      ['links.subscription = /v1/subscriptions/x (the subscription id is not otherwise shown)'],
    ]);
    const o = org('o1');
    o.links.users = '/v1/organisations/o2/users';
    o.links.aclSubject = '/v1/acl/subjects/other';
    expect(found(judged(organisationLinks, o))).toEqual([
      ['ORG-LINKS', 'links.users = /v1/organisations/o1/users', 'links.users = "/v1/organisations/o2/users"'],
      ['ORG-LINKS', 'links.aclSubject = /v1/acl/subjects/s 1', 'links.aclSubject = "/v1/acl/subjects/other"'],
    ]);
  });

  test('organisationLinks: the subscription link held to its shape, whatever its id', () => {
    for (const subscription of ['/v1/subscriptions/o1', '/v1/subscriptions/s%201']) {
      const o = org('o1');
      o.links.subscription = subscription;
      expect(judged(organisationLinks, o).violations).toEqual([]);
    }
    for (const subscription of ['/v1/organisations/o1/subscription', 'https://api.example.com/v1/subscriptions/x', '/v1/subscriptions/', 7]) {
      const o: any = org('o1');
      o.links.subscription = subscription;
      expect(found(judged(organisationLinks, o))).toEqual([
        ['ORG-LINKS', 'links.subscription = /v1/subscriptions/<subscription_id>', `links.subscription = ${JSON.stringify(subscription)}`],
      ]);
    }
  });

  test('organisationLinks without links: each of the eight a violation, the subscription noted undefined', () => {
    const t = judged(organisationLinks, { id: 'o1', aclSubject: 's', aclObject: 'o' });
    expect(t.violations.map((v) => v.expected)).toEqual([
      'links.self = /v1/organisations/o1',
      'links.users = /v1/organisations/o1/users',
      'links.teams = /v1/organisations/o1/teams',
      'links.invitations = /v1/organisations/o1/invitations',
      'links.acl = /v1/organisations/o1/acl{?subjectId}',
      'links.aclSubject = /v1/acl/subjects/s',
      'links.aclObject = /v1/acl/objects/o',
      'links.subscription = /v1/subscriptions/<subscription_id>',
    ]);
    expect(t.violations.every((v) => v.requirement === 'ORG-LINKS' && v.actual.endsWith(' = undefined'))).toBe(true);
    expect(t.notes).toEqual(['links.subscription = undefined (the subscription id is not otherwise shown)']);
  });
});

describe('links whose ids hold characters outside ASCII or reserved ones (RFC 3986 §6.2.2)', () => {
  const MOCK_API = 'mkä:q@2+9z';
  const JOB = 'j:1@ä+';

  test('jobLinks: an id raw, percent-encoded (either case of hex, unreserved ones encoded too) or partly encoded is the same link', () => {
    for (const self of [
      `/v1/mock-apis/${MOCK_API}/jobs/${JOB}`,
      `/v1/mock-apis/${encodeURIComponent(MOCK_API)}/jobs/${encodeURIComponent(JOB)}`,
      '/v1/mock-apis/mk%c3%a4%3aq%402%2b9z/jobs/j%3a1%40%c3%a4%2b',
      '/v1/mock-apis/%6D%6B%C3%A4:q@2+9z/jobs/j:1@%C3%A4+',
      // as new URL() writes a path: only what a path cannot hold encoded
      new URL(`http://h/v1/mock-apis/${MOCK_API}/jobs/${JOB}`).pathname,
    ]) {
      expect(judged(jobLinks, { id: JOB, links: { self } }, MOCK_API).violations, self).toEqual([]);
    }
  });

  test('jobLinks: another id, raw or encoded, still fails, and so does the right id under another path', () => {
    for (const self of [
      `/v1/mock-apis/${encodeURIComponent('mka:q@2+9z')}/jobs/${encodeURIComponent(JOB)}`,
      `/v1/mock-apis/${MOCK_API}/jobs/j:1@a+`,
      '/v1/mock-apis/mk%C3%A4%3Aq%402%2B9z/jobs/j%3A1%40%C3%A4%2B%2B',
      // the same octets, but the literal text of the path encoded is not the path
      '/v1/mock-apis/mk%C3%A4%3Aq%402%2B9z%2Fjobs%2Fj%3A1%40%C3%A4%2B',
      `/v1/mock-apis/${MOCK_API}/jobs/${JOB}/`,
    ]) {
      expect(found(judged(jobLinks, { id: JOB, links: { self } }, MOCK_API)), self).toEqual([
        ['JOB-LINKS', `links.self = /v1/mock-apis/${MOCK_API}/jobs/${JOB}`, `links.self = ${JSON.stringify(self)}`],
      ]);
    }
  });

  test('jobLinks on a mock: the job id percent-encoded under any mock API passes; another job id fails', () => {
    expect(judgedOnMock(jobLinks, { id: JOB, links: { self: `/v1/mock-apis/x/jobs/${encodeURIComponent(JOB)}` } }, 'm1').violations).toEqual([]);
    expect(found(judgedOnMock(jobLinks, { id: JOB, links: { self: '/v1/mock-apis/x/jobs/j%3A2' } }, 'm1'))).toEqual([
      ['JOB-LINKS', `links.self = /v1/mock-apis/<mock_api_id>/jobs/${JOB}`, 'links.self = "/v1/mock-apis/x/jobs/j%3A2"'],
    ]);
  });

  test('a % in an id is %25 in its link, or a raw % that starts no encoding; %41 for an id holding "A" is no %41', () => {
    expect(
      judged(dataSourceLinks, { id: '5%', links: { self: '/v1/data-sources/5%25', acl: '/v1/data-sources/5%/acl{?subjectId}' } }, '5%').violations,
    ).toEqual([]);
    const t = judged(dataSourceLinks, { id: 'a%41', links: { self: '/v1/data-sources/aA', acl: '/v1/data-sources/a%2541/acl{?subjectId}' } }, 'a%41');
    expect(found(t)).toEqual([['DS-LINKS', 'links.self = /v1/data-sources/a%41', 'links.self = "/v1/data-sources/aA"']]);
  });

  test('dataSourceLinks and organisationLinks: ids with ä, :, @ and + pass raw or encoded; one other id fails its link alone', () => {
    const id = 'ds:ä@1+';
    const e = encodeURIComponent;
    expect(judged(dataSourceLinks, { id, links: { self: `/v1/data-sources/${e(id)}`, acl: `/v1/data-sources/${id}/acl{?subjectId}` } }, id).violations).toEqual(
      [],
    );
    expect(
      found(judged(dataSourceLinks, { id, links: { self: `/v1/data-sources/${e('ds:a@1+')}`, acl: `/v1/data-sources/${e(id)}/acl{?subjectId}` } }, id)),
    ).toEqual([['DS-LINKS', `links.self = /v1/data-sources/${id}`, `links.self = ${JSON.stringify(`/v1/data-sources/${e('ds:a@1+')}`)}`]]);
    const o = { id: 'org:ä@1+', aclSubject: 'sub:ä', aclObject: 'obj@ä' };
    const links = {
      self: `/v1/organisations/${e(o.id)}`,
      users: `/v1/organisations/${o.id}/users`,
      teams: `/v1/organisations/${e(o.id)}/teams`,
      invitations: `/v1/organisations/${e(o.id).toLowerCase()}/invitations`,
      acl: `/v1/organisations/${e(o.id)}/acl{?subjectId}`,
      aclSubject: `/v1/acl/subjects/${e(o.aclSubject)}`,
      aclObject: `/v1/acl/objects/${o.aclObject}`,
      subscription: '/v1/subscriptions/x',
    };
    expect(judged(organisationLinks, { ...o, links }).violations).toEqual([]);
    const other = { ...links, aclObject: `/v1/acl/objects/${e('obj@a')}` };
    expect(found(judged(organisationLinks, { ...o, links: other }))).toEqual([
      ['ORG-LINKS', 'links.aclObject = /v1/acl/objects/obj@ä', `links.aclObject = ${JSON.stringify(other.aclObject)}`],
    ]);
  });
});

describe('logged request', () => {
  test('loggedRequestIdentity: the id asked for, or LR-IDENTITY naming both', () => {
    expect(judged(loggedRequestIdentity, { id: 'r1' }, 'r1').violations).toEqual([]);
    expect(found(judged(loggedRequestIdentity, { id: 'r2' }, 'r1'))).toEqual([['LR-IDENTITY', 'id "r1"', 'id "r2"']]);
  });

  test('requestIdUuid: 8-4-4-4-12 hexadecimal digits pass; anything else is ID-REQUEST-UUID', () => {
    expect(judged(requestIdUuid, { id: '6F1C2A8E-3b4d-4e5f-8a9b-0c1d2e3f4a5b' }).violations).toEqual([]);
    expect(found(judged(requestIdUuid, { id: 'r-1' }))).toEqual([['ID-REQUEST-UUID', 'a UUID-shaped id (8-4-4-4-12 hexadecimal digits)', '"r-1"']]);
  });

  test('loggedDateFormat: seconds without fraction of a real date pass; a fraction, a date not real, or no string is LR-DATE-FORMAT', () => {
    const lr = (loggedDateString: unknown) => ({ request: { loggedDateString } });
    expect(judged(loggedDateFormat, lr('2025-11-21T10:15:30Z')).violations).toEqual([]);
    expect(found(judged(loggedDateFormat, lr(1)))).toEqual([['LR-DATE-FORMAT', 'loggedDateString, a string', '1']]);
    for (const s of ['2025-11-21T10:15:30.5Z', '2025-02-30T10:15:30Z']) {
      expect(found(judged(loggedDateFormat, lr(s))), s).toEqual([
        ['LR-DATE-FORMAT', 'an ISO 8601 UTC timestamp of a real date, seconds and no fraction', JSON.stringify(s)],
      ]);
    }
  });

  test('loggedDate: what is wrong named with both values; an unreadable string also noted; a date off by a second names both', () => {
    expect(found(judged(loggedDate, { request: { loggedDate: 1.5, loggedDateString: 'x' } }))).toEqual([
      ['LR-DATE', 'loggedDate an integer and loggedDateString a string', '1.5, "x"'],
    ]);
    const unreadable = judged(loggedDate, { request: { loggedDate: 0, loggedDateString: 'x' } });
    expect(unreadable.notes).toEqual(['loggedDateString "x" is not a readable timestamp (LR-DATE-FORMAT says why)']);
    const at = Date.UTC(2026, 10, 21, 10, 15, 31);
    expect(found(judged(loggedDate, { request: { loggedDate: at, loggedDateString: '2026-11-21T10:15:30Z' } }))).toEqual([
      ['LR-DATE', `loggedDate ${at} (2026-11-21T10:15:31.000Z) within the second of loggedDateString`, 'loggedDateString 2026-11-21T10:15:30Z'],
    ]);
    // rounded up to the next second: 10:15:30.5 shown as 10:15:31
    expect(judged(loggedDate, { request: { loggedDate: at - 500, loggedDateString: '2026-11-21T10:15:31Z' } }).violations).toEqual([]);
  });

  test('loggedBody: what is wrong named with both values, the Base64 cut at 200 characters, the decoding in the expected', () => {
    expect(found(judged(loggedBody, { request: { body: 'a', bodyAsBase64: 1 } }))).toEqual([['LR-BODY', 'body and bodyAsBase64, both strings', '"a", 1']]);
    const long = `${'A'.repeat(300)}-`;
    expect(found(judged(loggedBody, { request: { body: 'a', bodyAsBase64: long } }))).toEqual([
      [
        'LR-BODY',
        'bodyAsBase64 in Base64 (RFC 4648 section 4: the standard alphabet with + and /, padded with = to a multiple of four)',
        JSON.stringify(long.slice(0, 200)),
      ],
    ]);
    const text = `é${'b'.repeat(300)}`;
    const got = `x${'c'.repeat(300)}`;
    expect(found(judged(loggedBody, { request: { body: got, bodyAsBase64: Buffer.from(text).toString('base64') } }))).toEqual([
      ['LR-BODY', `body equal to the UTF-8 text of bodyAsBase64 (${JSON.stringify(text.slice(0, 200))})`, JSON.stringify(got.slice(0, 200))],
    ]);
    // bytes that are not UTF-8: a body without the replacement character is no decoding of them
    expect(found(judged(loggedBody, { request: { body: 'A', bodyAsBase64: Buffer.from([0xff, 0xfe, 0x41]).toString('base64') } }))).toEqual([
      ['LR-BODY', `body a decoding of bodyAsBase64's bytes (${JSON.stringify('\ufffd\ufffdA')})`, '"A"'],
    ]);
    const bytes = Buffer.from([0xff, ...Buffer.from('d'.repeat(300))]);
    const t = judged(loggedBody, { request: { body: got, bodyAsBase64: bytes.toString('base64') } });
    expect(found(t)).toEqual([
      ['LR-BODY', `body a decoding of bodyAsBase64's bytes (${JSON.stringify(`\ufffd${'d'.repeat(199)}`)})`, JSON.stringify(got.slice(0, 200))],
    ]);
  });

  test('loggedUrl: the message names url and absoluteUrl; a url that is no string fails', () => {
    expect(found(judged(loggedUrl, { request: { url: '/a?b', absoluteUrl: 'http://h/a?c' } }))).toEqual([
      ['LR-URL', 'absoluteUrl ending with "/a?b"', '"http://h/a?c"'],
    ]);
    expect(found(judged(loggedUrl, { request: { url: 1, absoluteUrl: 'http://h/1' } }))).toEqual([['LR-URL', 'absoluteUrl ending with 1', '"http://h/1"']]);
  });

  test('pathAndQuery: schemes of letters, digits, + . -; the authority up to /, ? or #; a query without a path gets /', () => {
    expect(pathAndQuery('svn+ssh.x-y://host/p')).toBe('/p');
    expect(pathAndQuery('HTTP://host/p')).toBe('/p');
    expect(pathAndQuery('http://host#frag')).toBe('/');
    expect(pathAndQuery('http://host/a#b?c')).toBe('/a');
    expect(pathAndQuery('http:/host/a')).toBeUndefined();
    expect(pathAndQuery('http//host/a')).toBeUndefined();
    expect(pathAndQuery(' http://host/a')).toBeUndefined();
  });

  test('loggedUrlPath: messages cut at 300 characters; a url without / is not compared further', () => {
    const long = `/${'p'.repeat(400)}`;
    expect(found(judged(loggedUrlPath, { request: { url: '/a', absoluteUrl: `http://h${long}` } }))).toEqual([
      ['LR-URL', `url equal to the path and query of absoluteUrl, ${JSON.stringify(long.slice(0, 300))}`, '"/a"'],
    ]);
    expect(found(judged(loggedUrlPath, { request: { url: long, absoluteUrl: 'http://h/a' } }))).toEqual([
      ['LR-URL', 'url equal to the path and query of absoluteUrl, "/a"', JSON.stringify(long.slice(0, 300))],
    ]);
    const noSlash = `a${'q'.repeat(400)}`;
    expect(found(judged(loggedUrlPath, { request: { url: noSlash, absoluteUrl: 'http://h/b' } }))).toEqual([
      ['LR-URL', 'url beginning with / (the path and query as received, no scheme or authority)', JSON.stringify(noSlash.slice(0, 300))],
    ]);
    expect(judged(loggedUrlPath, { request: { url: '/a', absoluteUrl: 1 } }).violations).toEqual([]);
  });
});

describe('the words of the fields held in full', () => {
  const ids = (t: Judge) => t.violations.map((v) => v.requirement);

  test('jobFinishedPresent: ERROR without finished is JOB-FINISHED-PRESENT; ERROR with it, or any other status, passes', () => {
    expect(found(judged(jobFinishedPresent, { status: 'ERROR', outcome: {} }))).toEqual([
      ['JOB-FINISHED-PRESENT', 'finished present: status ERROR means the job has finished', 'no finished'],
    ]);
    expect(ids(judged(jobFinishedPresent, { status: 'ERROR', finished: 'x' }))).toEqual([]);
    for (const status of ['RUNNING', 'FAILED', 'error', 3]) expect(quiet(judged(jobFinishedPresent, { status }))).toEqual([[], []]);
  });

  test('jobFinishedStage: what a status the interface does not name says of the stage is noted, never failed; ERROR is left to the must', () => {
    for (const status of ['FAILED', 'succeeded', 'Completed', 'CANCELED', 'error', 'TIMED_OUT']) {
      const t = judged(jobFinishedStage, { status });
      expect([t.violations, t.notes], status).toEqual([
        [],
        [`status "${status}", finished absent: the word reads as an end, but the interface names no status but ERROR, so it is not judged`],
      ]);
    }
    expect(judged(jobFinishedStage, { status: 'RUNNING', finished: 'x' }).notes).toEqual([
      'status "RUNNING", finished present: the word reads as a job under way, but the interface names no status but ERROR, so it is not judged',
    ]);
    expect(judged(jobFinishedStage, { status: 'BLOCKED', outcome: {} }).notes).toEqual([
      'status "BLOCKED", finished absent, with an outcome: whether an outcome means the job has finished is not said',
    ]);
    expect(quiet(judged(jobFinishedStage, { status: 'ERROR', outcome: {} }))).toEqual([[], []]);
    expect(quiet(judged(jobFinishedStage, { status: 'RUNNING' }))).toEqual([[], []]);
    expect(quiet(judged(jobFinishedStage, { status: 'FAILED', finished: 'x', outcome: {} }))).toEqual([[], []]);
    expect(judged(jobFinishedStage, { status: 'BLOCKED' }).notes).toEqual(['status "BLOCKED": a value whose stage its word does not tell; finished absent']);
  });

  test('emailForm: RFC 5322 addr-spec (dot-atom or quoted local part, dot-atom or literal domain, UTF-8), name-addr, or none', () => {
    for (const a of [
      'admin@example.com',
      "o'brien+tag@sub.example.co.uk",
      '"john doe"@example.com',
      'a@[192.0.2.1]',
      'a@localhost',
      '用户@例子.广告',
      "!#$%&'*+/=?^_`{|}~-@x.y",
    ])
      expect(emailForm(a), a).toBe('addr-spec');
    for (const a of ['Example Ltd <admin@example.com>', '"Doe, J." <j@example.com>', '<admin@example.com>']) expect(emailForm(a), a).toBe('name-addr');
    for (const a of [
      'admin',
      'mailto:admin@example.com',
      'a@b@c',
      'a b@c.com',
      'a..b@c.com',
      '.a@c.com',
      'a.@c.com',
      'a@',
      '@c.com',
      'a@c..com',
      'a@b.com,c@d.com',
      'a@b.com ',
      '',
    ])
      expect(emailForm(a), a).toBe('none');
  });

  test('organisationEmail: no e-mail address is ORG-EMAIL cut at 300 characters; an address with a display name passes; no string is a note', () => {
    expect(found(judged(organisationEmail, { emailAddress: 'mailto:a@b.c' }))).toEqual([
      ['ORG-EMAIL', 'an e-mail address: local-part@domain as RFC 5322 §3.4.1 writes it (addr-spec), UTF-8 allowed (RFC 6532)', '"mailto:a@b.c"'],
    ]);
    expect(found(judged(organisationEmail, { emailAddress: 'x'.repeat(400) }))[0]![2]).toBe(JSON.stringify('x'.repeat(300)));
    expect(quiet(judged(organisationEmail, { emailAddress: 'Ltd <a@b.c>' }))).toEqual([[], []]);
    expect(judged(organisationEmail, { emailAddress: 5 }).notes).toEqual(['emailAddress 5 is not a string (ORG-RESPONSE judges its type)']);
  });

  test('organisationEmailForm: a display name, or a domain mail cannot go to, is noted, never failed; a bare address at a host or literal is quiet', () => {
    expect(quiet(judged(organisationEmailForm, { emailAddress: 'Ltd <a@b.c>' }))).toEqual([
      [],
      ['emailAddress "Ltd <a@b.c>" carries a display name: an RFC 5322 address, though not the bare one the placeholder shows'],
    ]);
    for (const a of ['a@ex_ample.com', 'a@-x.com', 'a@[x]']) {
      const t = judged(organisationEmailForm, { emailAddress: a });
      expect([t.violations, t.notes.length], a).toEqual([[], 1]);
    }
    for (const a of ['admin@example.com', 'a@[192.0.2.1]', 'a@[IPv6:2001:db8::1]', 'a@localhost', 'ü@bücher.de'])
      expect(quiet(judged(organisationEmailForm, { emailAddress: a })), a).toEqual([[], []]);
    expect(judged(organisationEmailForm, { emailAddress: 'x' }).notes).toEqual(['emailAddress is no e-mail address (ORG-EMAIL judges it)']);
  });

  test('loggedMethod: a token passes; a space, a separator or nothing is LR-METHOD; a standard method in lower case is noted', () => {
    for (const method of ['GET', 'PATCH', 'PROPFIND', 'M-SEARCH']) expect(quiet(judged(loggedMethod, { request: { method } }))).toEqual([[], []]);
    for (const method of ['POST /orders', 'GET\t', '', 'GE(T', 'ПОСТ'])
      expect(ids(judged(loggedMethod, { request: { method } })), method).toEqual(['LR-METHOD']);
    expect(judged(loggedMethod, { request: { method: 'post' } }).notes).toEqual([
      'method "post": a token, and methods are case-sensitive, so it is another method than POST; shown as received',
    ]);
    expect(judged(loggedMethod, { request: { method: null } }).notes).toEqual(['method null is not a string (LR-RESPONSE judges its type)']);
  });

  test('loggedClientIp: an IPv4 or IPv6 address passes, also with a port or as the first of a list; other text is LR-CLIENT-IP', () => {
    for (const clientIp of [
      '203.0.113.7',
      '2001:db8::1',
      'fe80::1%eth0',
      '::ffff:192.0.2.1',
      '203.0.113.7:54321',
      '[2001:db8::1]:443',
      '203.0.113.7, 10.0.0.1',
    ])
      expect(ids(judged(loggedClientIp, { request: { clientIp } })), clientIp).toEqual([]);
    for (const clientIp of ['client.example.net', 'unknown', '', '203.0.113', '999.1.1.1'])
      expect(found(judged(loggedClientIp, { request: { clientIp } })), clientIp).toEqual([
        ['LR-CLIENT-IP', 'the address of the client: an IPv4 or IPv6 address', JSON.stringify(clientIp)],
      ]);
    expect(judged(loggedClientIp, { request: {} }).notes).toEqual(['clientIp undefined is not a string (LR-RESPONSE judges its type)']);
  });

  test('loggedClientIpForm: a port, brackets or a list is noted, never failed; an address alone is quiet; no address is left to LR-CLIENT-IP', () => {
    for (const clientIp of ['203.0.113.7:54321', '[2001:db8::1]', '203.0.113.7, 10.0.0.1']) {
      const t = judged(loggedClientIpForm, { request: { clientIp } });
      expect([t.violations, t.notes.length], clientIp).toEqual([[], 1]);
    }
    for (const clientIp of ['203.0.113.7', '2001:db8::1']) expect(quiet(judged(loggedClientIpForm, { request: { clientIp } }))).toEqual([[], []]);
  });

  test('loggedAbsoluteUrlHost: the host the request was sent to, or one a proxy forwarded; ports aside; without a Host nothing is compared', () => {
    const lr = (absoluteUrl: unknown, headers: unknown) => ({ request: { absoluteUrl, headers } });
    const url = 'https://abc12.mocklab.io/orders?limit=2';
    for (const headers of [
      { Host: 'abc12.mocklab.io' },
      { host: 'ABC12.mocklab.io:443' },
      { Host: 'mock-7:8080', 'X-Forwarded-Host': 'abc12.mocklab.io, edge.example' },
      { Host: 'mock-7:8080', Forwarded: 'for=192.0.2.60;proto=https;host="abc12.mocklab.io:443"' },
      { ':authority': 'abc12.mocklab.io' },
    ])
      expect(quiet(judged(loggedAbsoluteUrlHost, lr(url, headers))), JSON.stringify(headers)).toEqual([[], []]);
    expect(quiet(judged(loggedAbsoluteUrlHost, lr('http://[::1]:8080/x', { Host: '[::1]:8080' })))).toEqual([[], []]);
    expect(found(judged(loggedAbsoluteUrlHost, lr('https://mocks.internal/orders', { Host: 'abc12.mocklab.io', 'X-Forwarded-Host': 'edge' })))).toEqual([
      ['LR-URL', 'absoluteUrl naming a host the request was sent to, as its headers show it: "abc12.mocklab.io" or "edge"', '"https://mocks.internal/orders"'],
    ]);
    expect(quiet(judged(loggedAbsoluteUrlHost, lr(url, { Accept: '*/*' })))).toEqual([
      [],
      ["headers show no Host header: absoluteUrl's host is not compared with it"],
    ]);
    // a path alone is loggedUrl's to judge
    expect(quiet(judged(loggedAbsoluteUrlHost, lr('/orders', { Host: 'h' })))).toEqual([[], []]);
  });

  test('loggedCookies: each pair of the Cookie header, quoted or not, and no other; without a Cookie header nothing is compared', () => {
    const headers = { Cookie: 'session=abc123; theme="dark"' };
    expect(quiet(judged(loggedCookies, { request: { headers, cookies: { session: 'abc123', theme: 'dark' } } }))).toEqual([[], []]);
    expect(ids(judged(loggedCookies, { request: { headers, cookies: { session: 'abc123', theme: '"dark"' } } }))).toEqual([]);
    expect(found(judged(loggedCookies, { request: { headers, cookies: {} } }))).toEqual([
      ['LR-COOKIES', 'cookies.session = "abc123", as the Cookie header sends it', 'cookies.session = absent'],
      ['LR-COOKIES', 'cookies.theme = "dark", as the Cookie header sends it', 'cookies.theme = absent'],
    ]);
    expect(found(judged(loggedCookies, { request: { headers: { cookie: ['a=1', 'b=2'] }, cookies: { a: '1', b: '3', c: '4' } } }))).toEqual([
      ['LR-COOKIES', 'cookies.b = "2", as the Cookie header sends it', 'cookies.b = "3"'],
      ['LR-COOKIES', 'only the cookies of the Cookie header (a, b)', 'also c'],
    ]);
    expect(judged(loggedCookies, { request: { headers: {}, cookies: { a: '1' } } }).notes).toEqual([
      'headers show no Cookie header with a pair: cookies is not compared with it',
    ]);
  });

  test('loggedHeaderNames: names that are tokens pass; a colon, a space or an empty name is LR-HEADERS naming them', () => {
    expect(quiet(judged(loggedHeaderNames, { request: { headers: { 'Content-Type': 'a', 'x-b_c.d': ['1', '2'] } } }))).toEqual([[], []]);
    expect(found(judged(loggedHeaderNames, { request: { headers: { 'Content-Type:': 'a', 'X Y': 'b', '': 'c', Ok: 'd' } } }))).toEqual([
      ['LR-HEADERS', 'header names that are field names: tokens of RFC 9110 §5.1, without colon or space', '"Content-Type:", "X Y", ""'],
    ]);
    expect(judged(loggedHeaderNames, { request: { headers: null } }).notes).toEqual(['headers null is no object (LR-RESPONSE judges its type)']);
  });

  test('loggedUrl: an absoluteUrl without scheme and host is LR-URL, and not compared with url', () => {
    expect(found(judged(loggedUrl, { request: { url: '/a', absoluteUrl: '/a' } }))).toEqual([
      ['LR-URL', 'absoluteUrl a full URL: a scheme, :// and a host', '"/a"'],
    ]);
    expect(ids(judged(loggedUrl, { request: { url: '/a', absoluteUrl: 'http:///a' } }))).toEqual(['LR-URL']);
    expect(ids(judged(loggedUrl, { request: { url: '/a', absoluteUrl: 'https://[::1]:8443/a' } }))).toEqual([]);
  });
});
