import { PUSH_POLICIES } from '../handlers/push.ts';
import { freedom, isObject } from '../patch.ts';

export default freedom({
  name: 'push-policies-own',
  bends: ['EP.pushOpenApiToGit.policies', 'EP.pushOpenApiToGit.request'],
  description: `outOfSyncPolicy is held to the deployment's own values (${PUSH_POLICIES.join(', ')}): any other is refused, naming them`,
  patch: {
    // the interface names no value, so a deployment chooses them, and a run sends only the one its user names
    rules: (call, problems, body) => {
      const push = isObject(body) ? body.push : undefined;
      const policy = isObject(push) ? push.outOfSyncPolicy : undefined;
      if (call.operation !== 'pushOpenApiToGit' || typeof policy !== 'string' || (PUSH_POLICIES as readonly string[]).includes(policy)) return problems;
      return [
        ...problems,
        { pointer: '/push/outOfSyncPolicy', keyword: 'enum', value: policy, expected: `must be one of the allowed values: ${PUSH_POLICIES.join(', ')}` },
      ];
    },
  },
});
