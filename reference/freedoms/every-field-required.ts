import type { Json, OperationId } from '../../contract/schemas.ts';
import { freedom, isObject, type Problem } from '../patch.ts';

/** Each field an update's table shows, none marked optional, with its type; `[]` marks an array's items. */
const FIELDS: Partial<Record<OperationId, [wrapper: string, fields: Record<string, string>]>> = {
  updateChaosSettings: [
    'chaos',
    {
      enabled: 'boolean',
      percentageFailures: 'number',
      socketClose: 'object',
      'socketClose/enabled': 'boolean',
      socketReset: 'object',
      'socketReset/enabled': 'boolean',
      invalidHttp: 'object',
      'invalidHttp/enabled': 'boolean',
      longDelay: 'object',
      'longDelay/enabled': 'boolean',
      'longDelay/durationMillis': 'integer',
      httpErrors: 'array',
      'httpErrors/[]/status': 'integer',
    },
  ],
  updateStateSettings: ['state', { defaultContextExpression: 'string' }],
  updateOrganisation: ['organisation', { name: 'string' }],
  pushOpenApiToGit: ['push', { outOfSyncPolicy: 'string' }],
};

/** The places a path of FIELDS names in this value: each item of an array for `[]`, and whether the field is there. */
function places(value: Json, steps: string[], pointer: string): { pointer: string; there: boolean }[] {
  if (steps.length === 0) return [{ pointer, there: true }];
  const [step, ...rest] = steps;
  if (step === '[]') return Array.isArray(value) ? value.flatMap((item, i) => places(item, rest, `${pointer}/${i}`)) : [];
  if (!isObject(value)) return [];
  if (!(step! in value)) return rest.length === 0 ? [{ pointer: `${pointer}/${step}`, there: false }] : [];
  return places(value[step!]!, rest, `${pointer}/${step}`);
}

export default freedom({
  name: 'every-field-required',
  bends: [
    'EP.updateChaosSettings.request',
    'CHAOS.no-defaults',
    'CHAOS.enabled',
    'CHAOS.socketClose',
    'CHAOS.longDelay',
    'EP.updateStateSettings.request',
    'STATE.defaultContextExpression',
    'EP.updateOrganisation.request',
    'ORG.whether-name-required',
    'EP.pushOpenApiToGit.request',
  ],
  description:
    'every field an update shows is required, none being marked optional: all of chaos and of its objects, the state expression, the organisation name, the push policy',
  patch: {
    rules: (call, problems, body) => {
      const shown = call.operation === undefined ? undefined : FIELDS[call.operation];
      if (!shown || problems.length > 0 || !isObject(body) || !isObject(body[shown[0]])) return problems;
      const missing: Problem[] = Object.entries(shown[1]).flatMap(([path, type]) =>
        places(body[shown[0]]!, path.split('/'), `/${shown[0]}`)
          .filter((p) => !p.there)
          .map((p) => ({ pointer: p.pointer, keyword: 'required', expected: type })),
      );
      return missing;
    },
  },
});
