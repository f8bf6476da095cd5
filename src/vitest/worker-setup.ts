// Runs in the run's worker before the suites (setupFiles of the command's vitest and of conformanceProject). The
// worker takes the description the thread that opened the target already parsed, instead of parsing openapi.yaml
// again; everything else of the run reaches the checks through the same provided value (CheckRun).
import { inject } from 'vitest';
import { useOpenApiDocument } from '../../contract/schemas.ts';
import { providedRun } from './crossing.ts';

useOpenApiDocument(providedRun(inject).openapi);
