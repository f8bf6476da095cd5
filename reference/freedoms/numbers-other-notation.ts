import { contentType, freedom } from '../patch.ts';

/** A number written another way, the same value: 0 as -0, 404 as 4.04E2, 8 as 8.0, 12.5 as 1.25e1. */
function notation(value: number): string {
  if (value === 0) return '-0';
  if (!Number.isInteger(value)) return value.toExponential().replace('e+', 'e');
  if (Math.abs(value) >= 100) return value.toExponential().replace('e+', 'E');
  return `${value}.0`;
}

/** JSON text with every number outside strings written in another notation; one pass, strings copied as they are. */
export function renotated(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(c === '-' || (c >= '0' && c <= '9') ? text.slice(i, i + 40) : '');
    if (number) {
      out += notation(Number(number[0]));
      i += number[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

export default freedom({
  name: 'numbers-other-notation',
  bends: [
    'CHAOS.percentageFailures',
    'CHAOS.longDelay',
    'CHAOS.httpErrors',
    'DS.version',
    'VER.data-source-version',
    'LR.request.loggedDate',
    'LR.response.status',
    'ERR.list.code',
    'ERR.not-found',
    'ERR.not-found.missing-resource',
    'JOB.outcome',
  ],
  description: 'every number of every JSON answer in another notation of the same value: 0 as -0, 404 as 4.04E2, 8 as 8.0',
  patch: {
    send: (_call, written) =>
      written.payload === undefined || !/json/.test(contentType(written)?.value ?? '') ? written : { ...written, payload: renotated(written.payload) },
  },
});
