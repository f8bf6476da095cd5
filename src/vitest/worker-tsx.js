// In a checkout, the run's worker imports the TypeScript sources natively (checksProject turns vitest's module
// runner off): this registers tsx's loader in the worker first, as bin/mockapi-conformance.js does in the main
// thread. An installed package runs dist/ and does not load it.
import { register } from 'tsx/esm/api';

register();
