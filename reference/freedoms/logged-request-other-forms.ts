import { freedom, isObject } from '../patch.ts';
import type { Reply } from '../responses.ts';

/** Bytes that are not UTF-8 (é in Latin-1), which the body shows as their Latin-1 text. */
const LATIN1_BODY = Buffer.from('caf\xe9 au lait', 'latin1');

export default freedom({
  name: 'logged-request-other-forms',
  bends: [
    'LR.request.method',
    'LR.request.clientIp',
    'LR.request.absoluteUrl',
    'LR.request.headers',
    'LR.request.cookies',
    'LR.request.browserProxyRequest',
    'LR.request.body',
    'LR.response.transformers',
    'LR.response.transformerParameters',
    'LR.response.fromConfiguredStub',
  ],
  description:
    'the fixture logged request is one of other forms: an extension method (M-SEARCH), an IPv6 client, a full URL with its port and an upper-case host, header names in lower case, a quoted cookie, a body not UTF-8 shown as Latin-1, a proxy request, transformers',
  patch: {
    seed: (store, { requestId }) => {
      for (const mockApi of store.mockApis.values()) {
        const logged = mockApi.requests.get(requestId);
        if (!logged) continue;
        const host = /^https:\/\/([^/]+)/.exec(logged.absoluteUrl)![1]!;
        Object.assign(logged, {
          method: 'M-SEARCH',
          clientIp: '2001:db8::7',
          absoluteUrl: `https://${host.toUpperCase()}:443${logged.url}`,
          headers: { 'content-type': 'text/plain; charset=iso-8859-1', cookie: 'session=abc123; theme="dark"' },
          cookies: { session: 'abc123', theme: 'dark' },
          body: LATIN1_BODY,
          fromConfiguredStub: false,
        });
      }
    },
    reply: (call, reply): Reply => {
      const json = reply.json;
      if (call.operation !== 'getLoggedRequest' || reply.status !== 200 || !isObject(json) || !isObject(json.request)) return reply;
      const request = json.request;
      const bytes = typeof request.bodyAsBase64 === 'string' ? Buffer.from(request.bodyAsBase64, 'base64') : undefined;
      const body = bytes?.equals(LATIN1_BODY) ? bytes.toString('latin1') : request.body!;
      const definition = isObject(json.responseDefinition) ? json.responseDefinition : {};
      return {
        ...reply,
        json: {
          ...json,
          request: { ...request, body, browserProxyRequest: true },
          responseDefinition: { ...definition, transformers: ['response-template'], transformerParameters: { greeting: 'hello' } },
        },
      };
    },
  },
});
