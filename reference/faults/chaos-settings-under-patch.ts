import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'chaos-settings-under-patch',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.updateChaosSettings.method-path',
  description: 'the chaos update is served under PATCH, not PUT: PUT /v1/mock-apis/{mockApiId}/settings/chaos is answered 405',
  patch: {
    route: moveOperation('updateChaosSettings', { method: 'PATCH' }),
  },
});
