import type { Json } from '../../contract/schemas.ts';
import { freedom, isObject } from '../patch.ts';

/** The name of the unknown member every object of an answer carries. */
export const EXTRA_MEMBER = 'x-variation';

// Objects whose keys are data rather than fields: an error entry's source must stay empty, and headers, cookies
// and transformer parameters are the logged request's own.
const DATA_OBJECTS = new Set(['source', 'headers', 'cookies', 'transformerParameters']);

/** Every object with an unknown member first; data objects left as they are. */
function withExtra(value: Json, key?: string): Json {
  if (Array.isArray(value)) return value.map((item) => withExtra(item, key));
  if (!isObject(value) || (key !== undefined && DATA_OBJECTS.has(key))) return value;
  const extended: { [key: string]: Json } = { [EXTRA_MEMBER]: key === undefined ? 'top level' : `in ${key}` };
  for (const [name, member] of Object.entries(value)) extended[name] = withExtra(member, name);
  return extended;
}

export default freedom({
  name: 'members-extra',
  bends: [
    'GEN.response-wrap',
    'GEN.logged-request-unwrapped',
    'ORG.links.strings',
    'ORG.links',
    'DS.links',
    'DS.column',
    'CHAOS.socketClose',
    'CHAOS.longDelay',
    'CHAOS.httpErrors',
    'LR.request',
    'LR.responseDefinition',
    'JOB.links',
    'JOB.outcome',
    'ERR.list',
    'ERR.not-found',
    'EP.getOrganisation.success',
    'EP.updateDataSource.success',
    'EP.updateChaosSettings.success',
    'EP.updateStateSettings.success',
    'EP.getLoggedRequest.success',
    'EP.pushOpenApiToGit.success',
    'CHAOS.socketReset',
    'CHAOS.invalidHttp',
  ],
  description: 'every object of every answer carries an unknown member (x-variation), but those whose keys are data',
  patch: {
    reply: (_call, reply) => (reply.json === undefined ? reply : { ...reply, json: withExtra(reply.json) }),
  },
});
