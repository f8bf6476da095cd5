// A preload of the command for the stop tests (node --import): the command sends itself SIGINT as the module whose
// URL ends with CONFORMANCE_TEST_STOP_AT begins to run, an instant inside its synchronous loading that no signal from
// outside can be timed to. The module's own code is left as it is; the one statement goes in front of it.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const at = process.env.CONFORMANCE_TEST_STOP_AT;
if (at && isMainThread) register(new URL('./stop-at-hooks.js', import.meta.url), { data: { at } });
