import { fault } from '../patch.ts';

export default fault({
  name: 'state-empty-body-accepted',
  breaks: 'GEN-WRAP-REQUEST',
  description: 'a state update with a zero-byte body is taken as {"state": {}} and answered 200',
  patch: {
    read: (call, body) => (call.operation === 'updateStateSettings' && call.bytes.length === 0 ? { state: {} } : body),
  },
});
