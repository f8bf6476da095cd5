import { changeJson, changeMembers, freedom } from '../patch.ts';

/** ISO 8601's basic format (no - or :) with a comma as the decimal sign: 20261121T101530,123Z. */
const basic = (timestamp: string): string =>
  timestamp.replace(
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z$/,
    (_, y, mo, d, h, mi, s, f) => `${y}${mo}${d}T${h}${mi}${s}${f ? `,${f}` : ''}Z`,
  );

/** A duration in days, hours, minutes and seconds, with a comma as the decimal sign: P0DT0H0M0,000183S. */
const spelledOut = (duration: string): string => duration.replace(/^PT(\d+)(?:\.(\d+))?S$/, (_, s, f) => `P0DT0H0M${s}${f ? `,${f}` : ''}S`);

export default freedom({
  name: 'timestamps-basic-form',
  bends: ['DS.lastUpdatedTime', 'JOB.started', 'JOB.finished', 'JOB.elapsed', 'LR.request.loggedDateString'],
  description: "every timestamp in ISO 8601's basic format with a comma decimal sign, and the elapsed duration with every component",
  patch: {
    reply: (_call, reply) =>
      changeJson(reply, (json) =>
        changeMembers(json, new Set(['lastUpdatedTime', 'started', 'finished', 'loggedDateString', 'elapsed']), (text, name) =>
          name === 'elapsed' ? spelledOut(text) : basic(text),
        ),
      ),
  },
});
