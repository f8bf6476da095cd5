import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'push-policy-any-type-accepted',
  breaks: 'PUSH-TYPES',
  description: 'a push whose outOfSyncPolicy is not a string is accepted and starts a job',
  patch: {
    // any policy is read as its JSON text
    read: (call, body) => {
      if (call.operation !== 'pushOpenApiToGit' || !isObject(body) || !isObject(body.push)) return body;
      const policy = body.push.outOfSyncPolicy;
      return policy !== undefined && typeof policy !== 'string' ? { ...body, push: { ...body.push, outOfSyncPolicy: JSON.stringify(policy) } } : body;
    },
  },
});
