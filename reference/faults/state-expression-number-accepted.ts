import { fault, isObject } from '../patch.ts';

export default fault({
  name: 'state-expression-number-accepted',
  breaks: 'STATE-TYPES',
  description: 'a numeric defaultContextExpression is accepted and stored as its decimal string',
  patch: {
    read: (call, body) => {
      if (call.operation !== 'updateStateSettings' || !isObject(body) || !isObject(body.state)) return body;
      const expression = body.state.defaultContextExpression;
      return typeof expression === 'number' ? { ...body, state: { ...body.state, defaultContextExpression: String(expression) } } : body;
    },
  },
});
