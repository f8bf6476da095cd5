import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'chaos-wrapper-optional',
  breaks: 'GEN-WRAP-REQUEST',
  description: 'a non-empty chaos update without the chaos wrapper is accepted, the whole body taken as the settings',
  patch: {
    read: (call, body) =>
      call.operation === 'updateChaosSettings' && isObject(body) && Object.keys(body).length > 0 && !Object.hasOwn(body, 'chaos') ? { chaos: body } : body,
  },
});
