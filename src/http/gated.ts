// A dispatcher that asks the run's gate (src/http/run-gate.ts) once more at the last instant a request can still be
// kept from the wire: when undici has given it a connection and is about to write it. A request handed to undici
// before the stop may wait there for a connection (or for its thread to run) long after; it is dropped unwritten.
import type { Dispatcher } from 'undici';
import type { RunGate } from './run-gate.ts';

/** Why a request the gate kept from the wire failed: it was never sent. */
export class NotSentError extends Error {
  override name = 'NotSentError';
}

const notSent = () => new NotSentError('the run stopped before the request was written');

/**
 * The request's own handler, but for the call undici makes as it is about to write the request (onConnect, or
 * onRequestStart in undici's newer handler shape): there a stopped gate aborts it. Everything else is the handler's,
 * as it is (a wrapper of undici's own checks the order of the answer's events, which 1xx answers break).
 */
function gatedHandler(handler: Dispatcher.DispatchHandler, gate: RunGate): Dispatcher.DispatchHandler {
  return new Proxy(handler, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'onConnect') {
        return (abort: (error: Error) => void, context: unknown) => (gate.stopped ? abort(notSent()) : value.call(target, abort, context));
      }
      if (property === 'onRequestStart') {
        return (controller: Dispatcher.DispatchController, context: unknown) =>
          gate.stopped ? controller.abort(notSent()) : value.call(target, controller, context);
      }
      return value.bind(target);
    },
  });
}

/** `dispatcher`, its requests kept from the wire once `gate` is set; connections are the dispatcher's own. */
export function gated(dispatcher: Dispatcher, gate: RunGate): Dispatcher {
  return dispatcher.compose((dispatch) => (options, handler) => dispatch(options, gatedHandler(handler, gate)));
}
