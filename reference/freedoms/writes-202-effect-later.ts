import type { OperationId } from '../../contract/schemas.ts';
import { freedom } from '../patch.ts';

/** How long after its answer is decided an update's or a delete's effect lands: far longer than a read sent right after takes on loopback. */
export const LANDS_AFTER_MS = 150;

/** The updates and deletes whose success status is not shown: the chaos settings' 200 and the push's 202 are stated. */
const PENDING: ReadonlySet<OperationId | undefined> = new Set<OperationId>([
  'updateStateSettings',
  'updateOrganisation',
  'updateDataSource',
  'deleteDataSource',
  'deleteTeamMember',
]);

export default freedom({
  name: 'writes-202-effect-later',
  bends: [
    'EP.updateStateSettings.success',
    'EP.updateOrganisation.success',
    'EP.updateDataSource.success',
    'EP.deleteDataSource.success',
    'EP.deleteTeamMember.success',
    'EP.deleteDataSource.effect',
    'EP.deleteTeamMember.effect',
    'DS.version',
    'VER.data-source-version',
  ],
  description: `updates and deletes whose success status is not shown answer 202 Accepted with the body they have otherwise, and their effect lands ${LANDS_AFTER_MS} ms later: a read right after still shows the state before`,
  patch: {
    // "status code not shown": 202 says the work is accepted and not yet done, which the words leave a deployment free to do
    land: (call, ms) => (PENDING.has(call.operation) ? Math.max(ms, LANDS_AFTER_MS) : ms),
    reply: (call, reply) => (PENDING.has(call.operation) && reply.status >= 200 && reply.status < 300 ? { ...reply, status: 202 } : reply),
  },
});
