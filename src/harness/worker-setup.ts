// Runs in the run's worker before the suites (setupFiles, src/run/run.ts). The worker takes the description the
// command already parsed instead of parsing openapi.yaml again, and waits for the target, which the command is
// still opening while this thread starts (src/harness/target-channel.ts): what the imports above need is loaded
// meanwhile (the client and undici, the judges and Ajv), and the suites, which read the target, come after.
import { inject } from 'vitest';
import { useOpenApiDocument } from '../../contract/schemas.ts';
import { useTarget } from './check.ts';
import { targetFromCommand } from './target-channel.ts';
import { RunGate } from '../http/run-gate.ts';

useOpenApiDocument(inject('openapi'));
const { target, stop } = await targetFromCommand(inject('targetChannel'));
useTarget(target, new RunGate(stop));
