import { fault } from '../patch.ts';

export default fault({
  name: 'auth-401-wording',
  breaks: 'AUTH-401-BODY',
  description: 'the 401 body is the plain text "Unauthorized.", which does not say that credentials are required',
  patch: {
    // every 401 is the answer to credentials refused (server.ts), in variations mode too
    reply: (_call, reply) => (reply.status === 401 ? { status: 401, text: 'Unauthorized.' } : reply),
  },
});
