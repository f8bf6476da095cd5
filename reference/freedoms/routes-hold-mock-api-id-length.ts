import { mockApiIdFits } from '../../contract/limits.ts';
import { freedom } from '../patch.ts';

export default freedom({
  name: 'routes-hold-mock-api-id-length',
  bends: [
    'ID.mockApiId',
    'LIMIT.mockApiId',
    'EP.updateChaosSettings.method-path',
    'EP.updateStateSettings.method-path',
    'EP.getLoggedRequest.method-path',
    'EP.pushOpenApiToGit.method-path',
  ],
  description: 'the routes hold the mockApiId to its length, beside the OPTIONS a framework answers: a path with one out of range is answered 405',
  patch: {
    // a path whose mockApiId is out of range is no instance of a documented one, so it reaches no operation
    route: (_request, match) =>
      match.kind !== 'operation' || match.params.mockApiId === undefined || mockApiIdFits(match.params.mockApiId)
        ? match
        : { kind: 'method-not-allowed', allowed: ['OPTIONS'] },
  },
});
