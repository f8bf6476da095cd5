import { randomUUID } from 'node:crypto';
import { freedom, isObject } from '../patch.ts';

/** The wrappers of the answers that return a resource (General conventions). */
const WRAPPERS = ['organisation', 'dataSource', 'chaos', 'state', 'job'];

export default freedom({
  name: 'meta-beside-resource',
  bends: [
    'GEN.response-wrap',
    'GEN.logged-request-unwrapped',
    'EP.updateChaosSettings.success',
    'EP.updateStateSettings.success',
    'EP.getOrganisation.success',
    'EP.updateOrganisation.success',
    'EP.updateDataSource.success',
    'EP.getLoggedRequest.success',
    'EP.pushOpenApiToGit.success',
  ],
  description:
    'every success answer carries a member of its own beside the resource, different every time: {"organisation": {...}, "meta": {"requestId": ..., "servedAt": ...}}',
  patch: {
    // "single" is said of request bodies only; the logged request, unwrapped, carries it beside its fields
    reply: (call, reply) => {
      const json = reply.json;
      if (reply.status >= 300 || !isObject(json)) return reply;
      if (!WRAPPERS.some((wrapper) => wrapper in json) && call.operation !== 'getLoggedRequest') return reply;
      return { ...reply, json: { ...json, meta: { requestId: randomUUID(), servedAt: new Date().toISOString() } } };
    },
  },
});
