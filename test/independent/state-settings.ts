import { readJson } from './body.ts';
import { type Call, found, param, permit } from './call.ts';
import { jsonReply, type Reply } from './reply.ts';
import type { StateSettings } from './types.ts';
import { Checker } from './validate.ts';

/** Why a template's double braces do not pair up, or undefined when they do; a broken template would fail on every request. */
export function braceProblem(template: string): string | undefined {
  let open = -1;
  for (let i = 0; i < template.length; i++) {
    if (template.startsWith('{{', i) && open < 0) {
      open = i;
      i++;
    } else if (template.startsWith('}}', i)) {
      if (open < 0) return `has '}}' at offset ${i} without an opening '{{'`;
      open = -1;
      i++;
    }
  }
  return open < 0 ? undefined : `has '{{' at offset ${open} that is never closed`;
}

export function readStateSettings(body: unknown): StateSettings {
  const checker = new Checker();
  const state = checker.object(checker.root(body), 'state');
  const defaultContextExpression = checker.string(state, 'defaultContextExpression');
  const problem = braceProblem(defaultContextExpression);
  if (problem !== undefined) checker.fail('/state/defaultContextExpression', problem);
  checker.finish();
  return { defaultContextExpression };
}

export async function updateStateSettings(call: Call): Promise<Reply> {
  const mockApi = found(call.store.mockApis.get(param(call, 'mockApiId')));
  permit(call.user, mockApi.organisationId);
  mockApi.state = readStateSettings(await readJson(call.req));
  return jsonReply(200, { state: mockApi.state });
}
