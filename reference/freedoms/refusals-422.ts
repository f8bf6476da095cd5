import { changeEntries, freedom } from '../patch.ts';

export default freedom({
  name: 'refusals-422',
  bends: [
    'ERR.case.invalid-json',
    'ERR.case.statuses',
    'LIMIT.percentageFailures',
    'LIMIT.httpErrors-status',
    'CHAOS.percentageFailures',
    'CHAOS.httpErrors',
    'EP.updateChaosSettings.request',
    'EP.updateStateSettings.request',
    'EP.updateOrganisation.request',
    'EP.updateDataSource.request',
    'EP.pushOpenApiToGit.request',
    'DS.rows',
  ],
  description: "a body refused is answered 422 instead of 400, its entries' code 422 too",
  patch: {
    // only a body held to the rules and refused: the status of both rows of Error cases is not shown
    reply: (call, reply) =>
      call.refused && reply.status === 400
        ? { ...changeEntries(reply, (entry) => (entry.code === 400 ? { ...entry, code: 422 } : entry)), status: 422 }
        : reply,
  },
});
