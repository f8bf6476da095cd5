import { changeResource, fault, isObject } from '../patch.ts';

export default fault({
  name: 'chaos-response-unsent-percentage-string',
  breaks: 'CHAOS-RESPONSE',
  description: 'the chaos update shows percentageFailures as a string when the update did not send it (fields sent are echoed as sent)',
  patch: {
    reply: (call, reply) => {
      if (call.operation !== 'updateChaosSettings') return reply;
      // a field the update sent is echoed as sent; percentageFailures, when not sent, as a string
      const sent = isObject(call.json) && isObject(call.json.chaos) ? call.json.chaos : {};
      return Object.hasOwn(sent, 'percentageFailures')
        ? reply
        : changeResource(reply, 'chaos', (shown) => ({ ...shown, percentageFailures: String(shown.percentageFailures) }));
    },
  },
});
