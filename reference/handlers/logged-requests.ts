import { ok } from '../responses.ts';
import type { LoggedRequest } from '../store.ts';
import { findMockApi, handler, param, type Context } from './handler.ts';

// Only a request logged by the mock API of the path is found under it.
const findLoggedRequest = (ctx: Context): LoggedRequest | undefined => findMockApi(ctx)?.requests.get(param(ctx, 'requestId'));

function view(logged: LoggedRequest) {
  return {
    id: logged.id,
    request: {
      url: logged.url,
      absoluteUrl: logged.absoluteUrl,
      method: logged.method,
      clientIp: logged.clientIp,
      headers: logged.headers,
      cookies: logged.cookies,
      browserProxyRequest: false,
      loggedDate: logged.loggedDate,
      loggedDateString: new Date(logged.loggedDate).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      // Text of the bytes as received; bytes that are not UTF-8 become U+FFFD, and only bodyAsBase64 keeps them.
      body: logged.body.toString('utf8'),
      bodyAsBase64: logged.body.toString('base64'),
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
  run: (ctx, logged: LoggedRequest) => ok(ctx.faults.has('logged-request-wrapped') ? { loggedRequest: view(logged) } : view(logged)),
});
