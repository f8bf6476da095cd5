import { readJson } from './body.ts';
import { type Call, found, param, permit } from './call.ts';
import { jobView, runPushJob } from './jobs.ts';
import { jsonReply, type Reply } from './reply.ts';
import { Checker } from './validate.ts';

// ABORT stops the push when the repository moved on since the last pull; OVERWRITE pushes regardless.
export const OUT_OF_SYNC_POLICIES = ['ABORT', 'OVERWRITE'] as const;

export function readPush(body: unknown): { outOfSyncPolicy: string } {
  const checker = new Checker();
  const push = checker.object(checker.root(body), 'push');
  const outOfSyncPolicy = checker.choice(push, 'outOfSyncPolicy', OUT_OF_SYNC_POLICIES);
  checker.finish();
  return { outOfSyncPolicy };
}

export async function pushOpenApi(call: Call): Promise<Reply> {
  const mockApi = found(call.store.mockApis.get(param(call, 'mockApiId')));
  permit(call.user, mockApi.organisationId);
  const { outOfSyncPolicy } = readPush(await readJson(call.req));
  return jsonReply(202, { job: jobView(runPushJob(mockApi, outOfSyncPolicy)) });
}
