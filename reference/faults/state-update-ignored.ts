import { fault } from '../patch.ts';

export default fault({
  name: 'state-update-ignored',
  breaks: 'STATE-ECHO',
  description: 'the state update answers 200 but keeps, and answers with, the previous expression',
  patch: {
    // the previous state is kept, and the answer shows what was kept
    write: (call, before, after) => (call.operation === 'updateStateSettings' ? before : after),
  },
});
