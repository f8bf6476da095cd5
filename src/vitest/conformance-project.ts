// mockapi-conformance/vitest: the checks as a project of an implementer's own vitest, each check a test named by
// its check id, so that `vitest run`, watch mode, `-t` and an editor's test explorer pick and run them. The target
// is opened by the project's global setup (project-setup) and handed to the worker as the command hands it.
import { join } from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { CODE_ROOT, SOURCE_EXTENSION } from '../../contract/package-root.ts';
import { checksProject } from './checks-project.ts';
import type { ProjectOptions } from '../run/run-options.ts';
import { vitestOutsideRange } from './vitest-peer.ts';

export type { ProjectOptions } from '../run/run-options.ts';

/** An error vitest shows as its one line: no stack, which would point into the user's config. */
function lineError(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

/**
 * A vitest project of every check, run against `options.baseUrl` (left out: the embedded reference deployment,
 * started for the run). The options are the library's run options (RunOptions) but for the keys: MOCKAPI_TOKEN
 * and MOCKAPI_FORBIDDEN_TOKEN are read from the environment or a .env, as the command reads them. `name` names the
 * project (default mockapi-conformance). Throws one line where the vitest beside the package is outside its peer
 * range (src/vitest/vitest-peer.ts).
 */
export function conformanceProject(options: ProjectOptions & { name?: string } = {}): TestProjectInlineConfiguration {
  const outside = vitestOutsideRange();
  if (outside !== undefined) throw lineError(`mockapi-conformance: ${outside}`);
  const { name = 'mockapi-conformance', ...run } = options;
  return {
    test: {
      name,
      ...checksProject(),
      globalSetup: [join(CODE_ROOT, 'src', 'vitest', `project-setup${SOURCE_EXTENSION}`)],
      provide: { conformance: run },
    },
  };
}
