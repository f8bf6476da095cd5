import { fault } from '../patch.ts';

export default fault({
  name: 'chaos-status-limit-first-item-only',
  breaks: 'CHAOS-HTTP-STATUS-LIMIT',
  description: 'only the first httpErrors item is held to 400 to 599: a status past the limits after a valid one is accepted',
  patch: {
    // the limits of a status are overlooked from the second item on (its type is still held)
    rules: (call, problems) =>
      problems.filter(
        (p) =>
          !(
            call.operation === 'updateChaosSettings' &&
            /^\/chaos\/httpErrors\/[1-9]\d*\/status$/.test(p.pointer) &&
            (p.keyword === 'minimum' || p.keyword === 'maximum')
          ),
      ),
  },
});
