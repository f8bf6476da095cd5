import { fault, MOVED_ALSO_BREAKS, moveOperation } from '../patch.ts';

export default fault({
  name: 'state-settings-under-post',
  breaks: 'EP-METHOD-PATH',
  alsoBreaks: MOVED_ALSO_BREAKS,
  statement: 'EP.updateStateSettings.method-path',
  description: 'the state update is served under POST, not PUT: PUT /v1/mock-apis/{mockApiId}/settings/state is answered 405',
  patch: {
    route: moveOperation('updateStateSettings', { method: 'POST' }),
  },
});
