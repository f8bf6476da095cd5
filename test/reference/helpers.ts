// A small HTTP client for the reference deployment's tests. node:http rather than fetch: the tests send
// what fetch refuses to (raw paths with broken percent-encoding, odd methods, bytes that are not JSON).
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startReference, type ReferenceDeployment, type ReferenceFixtures, type ReferenceOptions } from '../../reference/server.ts';
import { expandPath, operation, type OperationId } from '../../contract/schemas.ts';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
  text: string;
  /** the body parsed as JSON */
  json: unknown;
  /** what was sent, as sent */
  request: { method: string; path: string; headers: Record<string, string>; body: string | Buffer | undefined };
}

export interface Call {
  /** a JSON value is sent as JSON; a string or Buffer as it is */
  body?: unknown;
  /** the key sent as `Token <key>`; null sends no Authorization header; default: the full-permission key */
  token?: string | null;
  headers?: Record<string, string>;
  /** a query appended to the path (without its ?), for what only a deployment's own value can fill in */
  query?: string;
}

/** `agent`: connections kept for several requests (default a new connection for each, closed after its answer) */
export function send(baseUrl: string, method: string, target: string, call: Call, defaultToken: string, agent?: Agent): Promise<Answer> {
  const { body, token = defaultToken } = call;
  const path = call.query === undefined ? target : `${target}?${call.query}`;
  const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    // node:http frames no body of a GET or DELETE by itself, so the length is always given.
    ...(payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) }),
    ...(token === null ? {} : { Authorization: `Token ${token}` }),
    ...call.headers,
  };
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers, agent: agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, text, json, request: { method, path, headers, body: payload } });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Reference {
  deployment: ReferenceDeployment;
  call(method: string, path: string, call?: Call): Promise<Answer>;
}

function reference(deployment: ReferenceDeployment): Reference {
  return {
    deployment,
    call: (method, path, call = {}) => send(deployment.baseUrl, method, path, call, deployment.fixtures.token),
  };
}

/** Starts a deployment for the file (or, with fresh, for every test) and closes it afterwards. */
export function useReference(options: ReferenceOptions & { fresh?: boolean } = {}): () => Reference {
  const { fresh = false, ...start } = options;
  let current: Reference | undefined;
  const open = async (): Promise<void> => {
    await current?.deployment.close();
    current = reference(await startReference(start));
  };
  if (fresh) beforeEach(open);
  else beforeAll(open);
  afterAll(async () => {
    await current?.deployment.close();
  });
  return () => {
    if (!current) throw new Error('the reference deployment is not started yet');
    return current;
  };
}

export const CREDENTIALS_REQUIRED = 'Credentials are required to access this resource.';

export const FORBIDDEN_BODY = {
  errors: [{ code: 403, title: 'Forbidden', detail: 'This API key is not permitted to perform this operation.', source: {} }],
};

export const NOT_FOUND_BODY = { code: 404, message: 'HTTP 404 Not Found' };

export const invalidJson = (detail: string) => ({ errors: [{ code: 400, title: 'Invalid JSON', detail, source: {} }] });

export const invalidValue = (detail: string) => ({ errors: [{ code: 400, title: 'Invalid value', detail, source: {} }] });

/** Asserts nothing itself: the status, media type and parsed body, for one toEqual. */
export const seen = (answer: Answer) => ({ status: answer.status, type: answer.headers['content-type'], body: answer.json ?? answer.text });

/** A request each operation accepts: the path from openapi.yaml filled with the fixtures, the first example body. */
export function validRequest(id: OperationId, fixtures: ReferenceFixtures): { method: string; path: string; body?: unknown } {
  const op = operation(id);
  const path = expandPath(op.path, {
    mockApiId: fixtures.mockApiId,
    organisationId: fixtures.organisationId,
    dataSourceId: id === 'deleteDataSource' ? fixtures.deletableDataSourceId : fixtures.dataSourceId,
    teamId: fixtures.teamId,
    userId: fixtures.teamMemberId,
    requestId: fixtures.requestId,
  });
  return op.requestBody ? { method: op.method, path, body: op.requestBody.examples[0] } : { method: op.method, path };
}
