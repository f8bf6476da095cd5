import { changeResource, freedom, isObject } from '../patch.ts';

/** The host the mock API's own server saw: a proxy in front forwarded the one the request was sent to. */
export const INTERNAL_HOST = 'mock-runner-7.internal:8080';

export default freedom({
  name: 'logged-request-behind-proxy',
  bends: ['LR.request.absoluteUrl', 'LR.request.headers'],
  description: `the logged request came through a proxy: its Host header is ${INTERNAL_HOST}, and X-Forwarded-Host and Forwarded name the host absoluteUrl names`,
  patch: {
    reply: (call, reply) =>
      call.operation === 'getLoggedRequest'
        ? changeResource(reply, 'request', (request) => {
            const host = /^[a-z]+:\/\/([^/?#]*)/i.exec(String(request.absoluteUrl))?.[1] ?? '';
            const headers = isObject(request.headers) ? request.headers : {};
            const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'host'));
            return { ...request, headers: { Host: INTERNAL_HOST, 'X-Forwarded-Host': host, Forwarded: `host=${host};proto=https`, ...rest } };
          })
        : reply,
  },
});
