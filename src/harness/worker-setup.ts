// Runs in each vitest worker before the suites (setupFiles, src/run/run.ts): the worker takes the description
// the CLI already parsed instead of parsing openapi.yaml again.
import { inject } from 'vitest';
import { useOpenApiDocument } from '../../contract/schemas.ts';

useOpenApiDocument(inject('openapi'));
