import { operation } from '../../contract/schemas.ts';
import { freedom } from '../patch.ts';

export default freedom({
  name: 'not-found-without-body-where-not-shown',
  bends: ['ERR.case.404', 'EP.getLoggedRequest.errors', 'EP.updateDataSource.errors', 'EP.getLoggedRequest.effect', 'EP.pushOpenApiToGit.errors'],
  description: 'a 404 of an operation whose errors show no 404 has no body',
  patch: {
    reply: (call, reply) =>
      reply.status === 404 && call.operation !== undefined && !operation(call.operation).responses.has('404') ? { status: 404, headers: reply.headers } : reply,
  },
});
