import { changeResource, fault, isObject } from '../patch.ts';

export default fault({
  name: 'state-expression-null-when-not-sent',
  breaks: 'STATE-RESPONSE',
  description: 'an update that does not send defaultContextExpression answers it as null (it stays stored)',
  patch: {
    reply: (call, reply) => {
      if (call.operation !== 'updateStateSettings') return reply;
      // the expression stays kept; only an answer to an update that did not send it shows null
      const sent = isObject(call.json) && isObject(call.json.state) ? call.json.state : {};
      return Object.hasOwn(sent, 'defaultContextExpression')
        ? reply
        : changeResource(reply, 'state', (shown) => ({ ...shown, defaultContextExpression: null }));
    },
  },
});
