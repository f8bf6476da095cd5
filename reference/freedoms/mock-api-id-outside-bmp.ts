import { freedom } from '../patch.ts';

/** Ten characters, one of them outside the Basic Multilingual Plane: eleven UTF-16 units. */
export const ASTRAL_MOCK_API_ID = 'mk1a2b3c4\u{1F600}';

export default freedom({
  name: 'mock-api-id-outside-bmp',
  bends: [
    'ID.mockApiId',
    'LIMIT.mockApiId',
    'EP.updateChaosSettings.method-path',
    'EP.updateStateSettings.method-path',
    'EP.getLoggedRequest.method-path',
    'EP.pushOpenApiToGit.method-path',
  ],
  description: `the fixture mock API's id has 10 characters, one outside the Basic Multilingual Plane (${ASTRAL_MOCK_API_ID}: 11 UTF-16 units)`,
  patch: {
    ids: (ids) => ({ ...ids, mockApiId: ASTRAL_MOCK_API_ID }),
  },
});
