import { clockOff, freedom } from '../patch.ts';

/** How far the deployment's clock is behind the clock of the machine that runs the checks. */
const BEHIND_MS = 10 * 60_000;

export default freedom({
  name: 'clock-minutes-behind',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished'],
  description:
    "the deployment's clock is 10 minutes behind: its Date header and the times it writes now (lastUpdatedTime, a job's started and finished), all of one clock",
  patch: clockOff(-BEHIND_MS),
});
