import { fault } from '../patch.ts';

export default fault({
  name: 'not-json-accepted',
  breaks: 'GEN-NOT-JSON',
  description: 'a chaos update whose body is text that is not JSON is taken as {"chaos": {}} and answered 200 (a zero-byte body is still refused)',
  patch: {
    read: (call, body) => (call.operation === 'updateChaosSettings' && body === undefined && call.bytes.length > 0 ? { chaos: {} } : body),
  },
});
