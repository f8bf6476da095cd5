// What crosses between a run's thread and its worker, and nothing else does: vitest hands the worker one provided
// value, the run (RunDescription, cloned, its stop a SharedArrayBuffer both threads read at once), because the worker
// must judge the very target the command opened; and it hands back each test's meta, the check's record (CheckMeta)
// and its area, because the report is made in the command's thread. Both ends of the run's way are here: provided
// in the command's thread (conformanceProject's global setup provides the same key itself), providedRun in the worker.
import type { inject } from 'vitest';
import type { CheckMeta } from '../harness/run-check.ts';
import type { RunDescription } from '../harness/run-description.ts';
import type { ProjectOptions } from '../run/run-options.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run, as the command or conformanceProject's global setup opened it */
    run: RunDescription;
    /** conformanceProject's options, for its global setup (the main thread's alone) */
    conformance: ProjectOptions;
  }
  export interface TaskMeta {
    /** the check's record as it ran, of which the report is made (reportOf) */
    check?: CheckMeta;
    /** the check's area (the first part of its id), known before it starts */
    area?: string;
  }
}

/** What the command's thread provides to the worker (vitest's `provide`): the run, and nothing else. */
export function provided(run: RunDescription): { run: RunDescription } {
  return { run };
}

/**
 * The run vitest provides to the worker: the command's (runConformance) or conformanceProject's global setup's. The
 * worker hands in vitest's inject, so that the command's thread, which loads this module too, never loads vitest's
 * test API.
 */
export function providedRun(read: typeof inject): RunDescription {
  const described = read('run');
  if (described === undefined) throw new Error('no run described: the checks run in a vitest of the command or of conformanceProject, which provide one');
  return described;
}
