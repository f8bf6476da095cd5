import { ok } from '../responses.ts';
import type { LoggedRequest } from '../store.ts';
import { findMockApi, handler, param, type Context } from './handler.ts';

// Only a request logged by the mock API of the path is found under it.
const findLoggedRequest = (ctx: Context): LoggedRequest | undefined => findMockApi(ctx)?.requests.get(param(ctx, 'requestId'));

// body is the bytes as text (bytes that are not UTF-8 become U+FFFD, and only bodyAsBase64 keeps them);
// loggedDateString is the loggedDate at second precision.
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

// The logged request is answered unwrapped (General conventions).
export const getLoggedRequest = handler({
  find: findLoggedRequest,
  reply: (_ctx, logged: LoggedRequest | undefined) => ok(view(logged!)),
});
