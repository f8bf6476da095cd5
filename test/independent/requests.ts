import { type Call, found, param, permit } from './call.ts';
import { jsonReply, type Reply } from './reply.ts';

// The logged request is answered unwrapped, as the spec's conventions say; ids are looked up only within the named mock API.
export async function getLoggedRequest(call: Call): Promise<Reply> {
  const mockApi = found(call.store.mockApis.get(param(call, 'mockApiId')));
  permit(call.user, mockApi.organisationId);
  const logged = found(mockApi.requests.get(param(call, 'requestId')));
  return jsonReply(200, logged);
}
