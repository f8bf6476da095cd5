import { changeJson, changeMembers, freedom } from '../patch.ts';

export default freedom({
  name: 'timestamps-zero-offset',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished', 'LR.request.loggedDateString'],
  description: 'every timestamp says UTC by the zero offset +00:00 (+0000 in the basic format) instead of Z',
  patch: {
    reply: (_call, reply) =>
      changeJson(reply, (json) =>
        changeMembers(json, new Set(['lastUpdatedTime', 'started', 'finished', 'loggedDateString']), (t) =>
          t.replace(/Z$/, /^\d{4}-/.test(t) ? '+00:00' : '+0000'),
        ),
      ),
  },
});
