import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'organisation-wrapper-optional',
  breaks: 'GEN-WRAP-REQUEST',
  description: 'a non-empty organisation update without the organisation wrapper is accepted, the whole body taken as the organisation',
  patch: {
    read: (call, body) =>
      call.operation === 'updateOrganisation' && isObject(body) && Object.keys(body).length > 0 && !Object.hasOwn(body, 'organisation')
        ? { organisation: body }
        : body,
  },
});
