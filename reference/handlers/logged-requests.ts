import type { Faults } from '../faults.ts';
import { ok } from '../responses.ts';
import { SEED, type LoggedRequest, type MockApi } from '../store.ts';
import { findMockApi, handler, param, type Context } from './handler.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;

/** logged-request-other-id: the request after the one asked for (in the order logged), or the first. */
function next(mockApi: MockApi, logged: LoggedRequest): LoggedRequest {
  const all = [...mockApi.requests.values()];
  return all[(all.indexOf(logged) + 1) % all.length]!;
}

// Only a request logged by the mock API of the path is found under it.
function findLoggedRequest(ctx: Context): LoggedRequest | undefined {
  const mockApi = findMockApi(ctx);
  const requestId = param(ctx, 'requestId');
  const logged = mockApi?.requests.get(requestId);
  if (mockApi && logged && ctx.faults.has('logged-request-other-id')) return next(mockApi, logged);
  if (mockApi && !logged && ctx.faults.has('logged-request-unknown-id-200') && mockApi.id === SEED.mockApiId && UUID.test(requestId)) {
    return { ...mockApi.requests.get(SEED.requestId)!, id: requestId };
  }
  return logged;
}

/** body as text: the bytes as received; logged-request-body-mismatch pretty-prints a JSON body instead. */
function bodyText(bytes: Buffer, faults: Faults): string {
  // Bytes that are not UTF-8 become U+FFFD, and only bodyAsBase64 keeps them.
  const text = bytes.toString('utf8');
  if (!faults.has('logged-request-body-mismatch')) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function view(logged: LoggedRequest, faults: Faults) {
  return {
    id: logged.id,
    request: {
      url: logged.url,
      absoluteUrl: faults.has('logged-request-url-mismatch') ? logged.absoluteUrl.split('?')[0]! : logged.absoluteUrl,
      method: logged.method,
      ...(faults.has('logged-request-without-client-ip') ? {} : { clientIp: logged.clientIp }),
      headers: logged.headers,
      cookies: logged.cookies,
      browserProxyRequest: false,
      loggedDate: logged.loggedDate + (faults.has('logged-date-an-hour-off') ? HOUR_MS : 0),
      // second precision; logged-date-string-milliseconds keeps the milliseconds (the same instant, more digits)
      loggedDateString: faults.has('logged-date-string-milliseconds') ? new Date(logged.loggedDate).toISOString() : new Date(logged.loggedDate).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      body: bodyText(logged.body, faults),
      bodyAsBase64: logged.body.toString(faults.has('logged-request-base64-url-safe') ? 'base64url' : 'base64'),
    },
    responseDefinition: {
      status: logged.status,
      transformers: [],
      fromConfiguredStub: logged.fromConfiguredStub,
      transformerParameters: {},
    },
  };
}

export const getLoggedRequest = handler({
  find: findLoggedRequest,
  run: (ctx, logged: LoggedRequest) => ok(ctx.faults.has('logged-request-wrapped') ? { loggedRequest: view(logged, ctx.faults) } : view(logged, ctx.faults)),
});
