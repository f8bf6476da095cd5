import { changeJson, changeMembers, freedom } from '../patch.ts';

/**
 * Three more digits of the second than the reference writes: for lastUpdatedTime (milliseconds) the microseconds
 * of the high-resolution clock, for a job's times (nanoseconds, which its clock has no finer) zeros, so that their
 * order stays as it was.
 */
const finer = (timestamp: string, name: string): string =>
  timestamp.replace(
    /([.,]\d+)Z$/,
    (_, fraction: string) => `${fraction}${name === 'lastUpdatedTime' ? String(process.hrtime.bigint() % 1000n).padStart(3, '0') : '000'}Z`,
  );

export default freedom({
  name: 'timestamps-more-digits',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished'],
  description: "timestamps carry three more fractional digits: lastUpdatedTime microseconds, a job's started and finished twelve digits",
  patch: {
    // the words fix no upper bound of a precision; loggedDateString stays at the second it must have
    reply: (_call, reply) => changeJson(reply, (json) => changeMembers(json, new Set(['lastUpdatedTime', 'started', 'finished']), finer)),
  },
});
