import { fault, isObject } from '../patch.ts';
import { internalError } from '../responses.ts';

export default fault({
  name: 'state-expression-object-500',
  breaks: 'GEN-NO-5XX',
  seenIn: 'generated payloads',
  description: 'a defaultContextExpression that is an object is answered 500 (the hand-written check sends a number)',
  patch: {
    // the crash comes where the rules read the expression: a body refused before them (not JSON, too deep) never gets there
    reply: (call, reply) => {
      const state = isObject(call.json) ? call.json.state : undefined;
      const crashes = call.operation === 'updateStateSettings' && call.problems !== undefined && isObject(state) && isObject(state.defaultContextExpression);
      return crashes ? internalError() : reply;
    },
  },
});
