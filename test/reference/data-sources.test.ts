import { describe, expect, it } from 'vitest';
import { operation } from '../../contract/schemas.ts';
import { invalidJson, invalidValue, NOT_FOUND_BODY, seen, useReference } from './helpers.ts';

const reference = useReference({ fresh: true });

const path = (id: string) => `/v1/data-sources/${id}`;

const columns = [
  { name: 'name', type: { name: 'STRING' } },
  { name: 'born', type: { name: 'DATE', format: 'iso8601' } },
  { name: 'active', type: { name: 'BOOLEAN' } },
];

const configuration = (rows: unknown[] = [['Ada', '1815-12-10', 'true']], overrides: Record<string, unknown> = {}) => ({
  dataSource: { name: 'Pioneers', type: 'CSV', columnsMetadata: columns, rows, ...overrides },
});

const ISO_MILLIS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('update data source', () => {
  it('answers 200 with the configuration sent, version raised, no rows', async () => {
    const { call, deployment } = reference();
    const id = deployment.fixtures.dataSourceId;
    const before = Date.now();
    const answer = await call('PUT', path(id), { body: configuration() });
    expect(seen(answer)).toEqual({
      status: 200,
      type: 'application/json',
      body: {
        dataSource: {
          id,
          aclObject: `acl-object-${id}`,
          name: 'Pioneers',
          lastUpdatedTime: expect.stringMatching(ISO_MILLIS_UTC),
          version: 2,
          type: 'CSV',
          columnsMetadata: columns,
          state: 'ENABLED',
          links: { self: `/v1/data-sources/${id}`, acl: `/v1/data-sources/${id}/acl{?subjectId}` },
        },
      },
    });
    const updated = Date.parse((answer.json as { dataSource: { lastUpdatedTime: string } }).dataSource.lastUpdatedTime);
    expect(updated).toBeGreaterThanOrEqual(before);
    expect(updated).toBeLessThanOrEqual(Date.now());
  });

  it('accepts the example of openapi.yaml', async () => {
    const { call, deployment } = reference();
    const answer = await call('PUT', path(deployment.fixtures.dataSourceId), { body: operation('updateDataSource').requestBody!.examples[0] });
    expect(answer.status).toBe(200);
  });

  it('replaces the columns in the order sent, and accepts no rows and no columns', async () => {
    const { call, deployment } = reference();
    const id = deployment.fixtures.dataSourceId;
    const reversed = [...columns].reverse();
    const answer = await call('PUT', path(id), { body: configuration([['false', '1912-06-23', 'Alan']], { columnsMetadata: reversed }) });
    expect(answer.json).toMatchObject({ dataSource: { columnsMetadata: reversed } });
    const empty = await call('PUT', path(id), { body: configuration([], { columnsMetadata: [] }) });
    expect(empty.json).toMatchObject({ dataSource: { columnsMetadata: [], version: 3 } });
  });

  it('raises version by one on every update and never on a refused one', async () => {
    const { call, deployment } = reference();
    const id = deployment.fixtures.dataSourceId;
    const version = async (body: unknown) => ((await call('PUT', path(id), { body })).json as { dataSource?: { version: number } }).dataSource?.version;
    expect(await version(configuration())).toBe(2);
    expect(await version(configuration([['too', 'short']]))).toBeUndefined();
    expect(await version({})).toBeUndefined();
    expect(await version(configuration())).toBe(3);
  });

  it('50 concurrent updates raise version by exactly 50', async () => {
    const { call, deployment } = reference();
    const id = deployment.fixtures.dataSourceId;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call('PUT', path(id), { body: configuration([[`n${i}`, '2000-01-01', 'true']]) })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const versions = answers.map((a) => (a.json as { dataSource: { version: number } }).dataSource.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    const after = await call('PUT', path(id), { body: configuration() });
    expect(after.json).toMatchObject({ dataSource: { version: 52 } });
  });

  it.each([
    [
      'a row is short',
      [
        ['Ada', '1815-12-10', 'true'],
        ['Alan', '1912-06-23'],
      ],
      '/dataSource/rows/1: a row must hold one string per column: 3 expected, 2 given',
    ],
    ['a row is long', [['Ada', '1815-12-10', 'true', 'extra']], '/dataSource/rows/0: a row must hold one string per column: 3 expected, 4 given'],
    ['a row is empty', [[]], '/dataSource/rows/0: a row must hold one string per column: 3 expected, 0 given'],
  ])('400 Invalid value when %s', async (_, rows, where) => {
    const { call, deployment } = reference();
    const answer = await call('PUT', path(deployment.fixtures.dataSourceId), { body: configuration(rows) });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidValue(`Invalid value at ${where}`) });
  });

  it.each([
    ['a cell is a number', configuration([['Ada', '1815-12-10', true]]), 'Wrong type at /dataSource/rows/0/2: expected string'],
    ['a row is not an array', configuration(['Ada,1815-12-10,true']), 'Wrong type at /dataSource/rows/0: expected array'],
    ['the wrapper is missing', configuration().dataSource, 'Required property missing at /dataSource: expected object'],
    ['name is missing', configuration(undefined, { name: undefined }), 'Required property missing at /dataSource/name: expected string'],
    ['type is missing', configuration(undefined, { type: undefined }), 'Required property missing at /dataSource/type: expected string'],
    [
      'columnsMetadata is missing',
      configuration(undefined, { columnsMetadata: undefined }),
      'Required property missing at /dataSource/columnsMetadata: expected array',
    ],
    ['rows is missing', configuration(undefined, { rows: undefined }), 'Required property missing at /dataSource/rows: expected array'],
    [
      'a column has no type',
      configuration([['x']], { columnsMetadata: [{ name: 'x' }] }),
      'Required property missing at /dataSource/columnsMetadata/0/type: expected object',
    ],
    [
      'a column type has no name',
      configuration([['x']], { columnsMetadata: [{ name: 'x', type: {} }] }),
      'Required property missing at /dataSource/columnsMetadata/0/type/name: expected string',
    ],
  ])('400 Invalid JSON when %s', async (_, body, detail) => {
    const { call, deployment } = reference();
    const answer = await call('PUT', path(deployment.fixtures.dataSourceId), { body });
    expect(seen(answer)).toEqual({ status: 400, type: 'application/json', body: invalidJson(detail) });
  });

  it('answers 404 for a data source that does not exist, and creates none', async () => {
    const { call } = reference();
    for (let i = 0; i < 2; i++) {
      const answer = await call('PUT', path('ds-new'), { body: configuration() });
      expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
    }
    expect((await call('DELETE', path('ds-new'))).status).toBe(404);
  });
});

describe('delete data source', () => {
  it('answers 204 with no body', async () => {
    const { call, deployment } = reference();
    const answer = await call('DELETE', path(deployment.fixtures.deletableDataSourceId));
    expect(answer.status).toBe(204);
    expect(answer.bytes.length).toBe(0);
    expect(answer.headers['content-type']).toBeUndefined();
  });

  it('removes it permanently: every data source operation on the id is 404 afterwards', async () => {
    const { call, deployment } = reference();
    const id = deployment.fixtures.deletableDataSourceId;
    await call('DELETE', path(id));
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', configuration()],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, path(id), { body });
      expect(seen(answer)).toEqual({ status: 404, type: 'application/json', body: NOT_FOUND_BODY });
    }
  });

  it('leaves the other data sources alone', async () => {
    const { call, deployment } = reference();
    await call('DELETE', path(deployment.fixtures.deletableDataSourceId));
    const answer = await call('PUT', path(deployment.fixtures.dataSourceId), { body: configuration() });
    expect(answer.status).toBe(200);
  });
});
