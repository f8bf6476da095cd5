// The one value a run's worker is handed: the target as opened before the checks (by the command, or by the
// global setup of conformanceProject), the run's stop, and the choices that shape which checks run. It reaches the
// worker through vitest's provide/inject alone, as key `run`; the worker makes its CheckRun of it.
import type { JsonObject } from '../../contract/schemas.ts';
import type { Target } from '../judge/target.ts';

export interface RunDescription {
  target: Target;
  /**
   * The run's stop (RunGate's buffer). vitest hands a provided value to a worker thread by structured clone, which
   * shares a SharedArrayBuffer rather than copying it: a stop set on either thread is read on the other at once.
   */
  stop: SharedArrayBuffer;
  /** openapi.yaml as parsed by the thread that opened the target (useOpenApiDocument) */
  openapi: JsonObject;
  /** --only: the source of a case-insensitive pattern a check's id or name must match to be declared; unset: every check */
  only?: string;
  /** --max-failures: after this many failed checks (warned too, with --strict) no further check starts */
  maxFailures?: { count: number; strict: boolean };
  /** --report-har: the log every exchange is appended to, which the command writes out as HAR (writeHar) */
  harLog?: string;
  /**
   * How each check's test is named: its requirement id then its title (the command, whose reports read so), or
   * its check id first (a project in an implementer's vitest, where `-t` picks checks by id).
   */
  names: 'requirement' | 'check-id';
}
