import type { Json } from '../../contract/schemas.ts';
import { freedom, isObject } from '../patch.ts';

/** Every object with its members in reverse order, and the entries of an error list too (their order is not fixed). */
function reversed(value: Json, key?: string): Json {
  if (Array.isArray(value)) {
    const items = value.map((item) => reversed(item));
    return key === 'errors' ? items.reverse() : items;
  }
  if (!isObject(value)) return value;
  const turned: { [key: string]: Json } = {};
  for (const name of Object.keys(value).reverse()) turned[name] = reversed(value[name]!, name);
  return turned;
}

export default freedom({
  name: 'members-reversed',
  bends: [
    'GEN.response-wrap',
    'GEN.logged-request-unwrapped',
    'ORG.links',
    'DS.links',
    'DS.column',
    'LR.request',
    'LR.request.headers',
    'LR.request.cookies',
    'LR.responseDefinition',
    'JOB.outcome',
    'ERR.list',
    'ERR.not-found',
    'EP.getOrganisation.success',
    'EP.updateDataSource.success',
    'EP.updateChaosSettings.success',
    'EP.updateStateSettings.success',
    'EP.getLoggedRequest.success',
  ],
  description: 'every object of every answer has its members in reverse order, and an error list its entries',
  patch: {
    reply: (_call, reply) => (reply.json === undefined ? reply : { ...reply, json: reversed(reply.json) }),
  },
});
