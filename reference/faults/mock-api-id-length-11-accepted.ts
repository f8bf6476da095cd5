import { fault } from '../patch.ts';
import { SEED } from '../store.ts';

export default fault({
  name: 'mock-api-id-length-11-accepted',
  breaks: 'ID-MOCK-API-LENGTH',
  description: 'an 11-character mockApiId is answered as if it were the fixture mock API',
  patch: {
    params: (_call, params) => (params.mockApiId !== undefined && [...params.mockApiId].length === 11 ? { ...params, mockApiId: SEED.mockApiId } : params),
  },
});
