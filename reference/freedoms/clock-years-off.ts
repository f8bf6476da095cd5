import { clockOff, freedom } from '../patch.ts';

/** The deployment's clock reads noon of 29 February 2024 when this is loaded, and runs on from there (whole seconds). */
export const YEARS_OFF_MS = Math.round((Date.parse('2024-02-29T12:00:00Z') - Date.now()) / 1000) * 1000;

export default freedom({
  name: 'clock-years-off',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished', 'LR.request.loggedDate', 'LR.request.loggedDateString'],
  description:
    "the deployment's whole clock says 29 February 2024: its Date header, the times it writes (lastUpdatedTime, a job's started and finished) and the time it logged a request at, all of one clock, years off the checker's",
  patch: clockOff(YEARS_OFF_MS),
});
