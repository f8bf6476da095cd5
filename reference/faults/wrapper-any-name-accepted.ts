import { fault, isObject } from '../patch.ts';
import { operation } from '../../contract/schemas.ts';

/** The wrapper an operation's body must have: the required top-level property of its request schema. */
const wrapperOf = (id: Parameters<typeof operation>[0]): string => (operation(id).requestBody!.schema as { required: string[] }).required[0]!;

export default fault({
  name: 'wrapper-any-name-accepted',
  breaks: 'GEN-WRAP-REQUEST',
  description: 'a body of one top-level property is read as wrapped whatever that property is named: {"state": <chaos settings>} updates the chaos settings',
  patch: {
    read: (call, body) => {
      if (call.operation === undefined || !isObject(body) || Object.keys(body).length !== 1) return body;
      const wrapper = wrapperOf(call.operation);
      return wrapper in body ? body : { [wrapper]: Object.values(body)[0]! };
    },
  },
});
