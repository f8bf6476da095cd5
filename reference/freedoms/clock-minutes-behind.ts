import { changeJson, changeMembers, freedom } from '../patch.ts';

/** How far the deployment's clock is behind the clock of the machine that runs the checks: less than the tolerance for it. */
const BEHIND_MS = 10 * 60_000;

/** An ISO 8601 UTC timestamp BEHIND_MS earlier, its fraction's digits as they were. */
const earlier = (timestamp: string): string => {
  const [, seconds, rest] = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(.*)$/.exec(timestamp) ?? [];
  if (seconds === undefined) return timestamp;
  return `${new Date(Date.parse(`${seconds}Z`) - BEHIND_MS).toISOString().slice(0, 19)}${rest}`;
};

export default freedom({
  name: 'clock-minutes-behind',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished'],
  description:
    "the deployment's clock is 10 minutes behind: its Date header and the times it writes now (lastUpdatedTime, a job's started and finished), all of one clock",
  patch: {
    reply: (_call, reply) => changeJson(reply, (json) => changeMembers(json, new Set(['lastUpdatedTime', 'started', 'finished']), earlier)),
    send: (_call, written) => ({ ...written, headers: { ...written.headers, Date: new Date(Date.now() - BEHIND_MS).toUTCString() } }),
  },
});
