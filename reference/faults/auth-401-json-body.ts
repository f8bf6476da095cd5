import { fault } from '../patch.ts';
import { CREDENTIALS_REQUIRED } from '../responses.ts';

export default fault({
  name: 'auth-401-json-body',
  breaks: 'AUTH-401-BODY',
  description: 'the 401 body is JSON {"message": ...} served as application/json instead of plain text',
  patch: {
    // every 401 is the answer to credentials refused (server.ts); its words as JSON, in variations mode too
    reply: (_call, reply) => (reply.status === 401 ? { status: 401, json: { message: CREDENTIALS_REQUIRED } } : reply),
  },
});
