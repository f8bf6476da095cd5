import { freedom, shiftedDate } from '../patch.ts';

/** How far ahead of the deployment's clock the gateway's clock is: near the tolerance the checks allow a Date. */
export const GATEWAY_AHEAD_MS = 12 * 60_000;

export default freedom({
  name: 'clock-gateway-date-ahead',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished'],
  description:
    "a gateway in front writes the Date header by its own clock, 12 minutes ahead of the deployment's, which writes the times in the bodies (nginx writes its own Date by default)",
  patch: { send: (_call, written) => shiftedDate(written, GATEWAY_AHEAD_MS) },
});
