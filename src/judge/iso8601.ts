// ISO 8601 as the interface names it, read into an instant. schemas/formats.json says the shape; this module
// says what a pattern cannot: that the date exists (no 30 February, week 53 only in long years) and which
// instant it denotes, for cross-field checks such as loggedDate against loggedDateString.

export interface UtcTimestamp {
  /** milliseconds since the Unix epoch (fraction beyond milliseconds dropped) */
  epochMs: number;
  /** how many decimal digits the seconds carry: 0 for second precision, 9 for nanoseconds */
  fractionDigits: number;
  /** the digits of the fraction of the second ('' for none), to order two instants finer than milliseconds */
  fraction: string;
}

/** Orders two instants to the last digit either shows: negative when a is earlier. */
export function compareInstants(a: UtcTimestamp, b: UtcTimestamp): number {
  if (a.epochMs !== b.epochMs) return a.epochMs - b.epochMs;
  const width = Math.max(a.fraction.length, b.fraction.length);
  return a.fraction.padEnd(width, '0') < b.fraction.padEnd(width, '0') ? -1 : a.fraction.padEnd(width, '0') > b.fraction.padEnd(width, '0') ? 1 : 0;
}

const EXTENDED = /^(\d{4})-(?:(\d{2})-(\d{2})|(\d{3})|W(\d{2})-(\d))T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|\+00:00|\+00)$/;
const BASIC = /^(\d{4})(?:(\d{2})(\d{2})|(\d{3})|W(\d{2})(\d))T(\d{2})(\d{2})(\d{2})(?:[.,](\d+))?(Z|\+0000|\+00)$/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;

/** Day of the epoch for an ISO week date, or undefined when the week does not exist in that year. */
function weekDateToEpochDay(year: number, week: number, weekday: number): number | undefined {
  if (weekday < 1 || weekday > 7 || week < 1) return undefined;
  const jan4 = Date.UTC(year, 0, 4) / 86_400_000;
  const jan4Weekday = ((new Date(jan4 * 86_400_000).getUTCDay() + 6) % 7) + 1; // Monday = 1
  const week1Monday = jan4 - (jan4Weekday - 1);
  const nextWeek1Monday = (() => {
    const j4 = Date.UTC(year + 1, 0, 4) / 86_400_000;
    return j4 - ((new Date(j4 * 86_400_000).getUTCDay() + 6) % 7);
  })();
  const day = week1Monday + (week - 1) * 7 + (weekday - 1);
  return day < nextWeek1Monday ? day : undefined;
}

/** Reads an ISO 8601 UTC timestamp (complete date and time to the second, Z or zero offset). */
export function parseUtcTimestamp(text: string): UtcTimestamp | undefined {
  const m = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, ord, wk, wd, hh, mi, ss, frac] = m;
  const year = Number(y);
  let epochDay: number | undefined;
  if (mo !== undefined) {
    const month = Number(mo);
    const day = Number(d);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
    epochDay = Date.UTC(year, month - 1, day) / 86_400_000;
  } else if (ord !== undefined) {
    const n = Number(ord);
    if (n < 1 || n > (isLeap(year) ? 366 : 365)) return undefined;
    epochDay = Date.UTC(year, 0, 1) / 86_400_000 + n - 1;
  } else {
    epochDay = weekDateToEpochDay(year, Number(wk), Number(wd));
    if (epochDay === undefined) return undefined;
  }
  const hour = Number(hh);
  const minute = Number(mi);
  const second = Number(ss);
  // 60 is a leap second; ISO 8601 allows it, and an instant cannot show it, so it reads as the next second.
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const fractionMs = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const epochMs = epochDay * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + fractionMs;
  return { epochMs, fractionDigits: frac?.length ?? 0, fraction: frac ?? '' };
}

const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)W|(?=\d|T\d)(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?=\d)(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?)$/;
const ALTERNATIVE = /^P(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2}(?:[.,]\d+)?)$/;

/**
 * Whether text is an ISO 8601 duration. Beyond the pattern: only the smallest component given may carry a
 * decimal fraction, and the alternative format keeps its fields within their carry-over points.
 */
export function isIsoDuration(text: string): boolean {
  const m = DURATION.exec(text);
  if (m) {
    const parts = m.slice(1).filter((p): p is string => p !== undefined);
    return parts.slice(0, -1).every((p) => !/[.,]/.test(p));
  }
  const a = ALTERNATIVE.exec(text);
  if (!a) return false;
  // basic (no separators) or extended (all of them), never a mix
  const [datePart = '', timePart = ''] = text.split('T');
  const dashes = datePart.split('-').length - 1;
  const colons = timePart.split(':').length - 1;
  if (!((dashes === 2 && colons === 2) || (dashes === 0 && colons === 0))) return false;
  const [, , mo, d, h, mi, s] = a.map(Number);
  return mo! <= 12 && d! <= 30 && h! <= 24 && mi! <= 59 && s! < 60;
}

const SECONDS = { W: 604_800, D: 86_400, H: 3_600, M: 60, S: 1 } as const;
const number = (text: string | undefined) => (text === undefined ? 0 : Number(text.replace(',', '.')));

/**
 * The length of an ISO 8601 duration in seconds, where it has one: years and months have no fixed length (a
 * month is 28 to 31 days), so a duration that counts them gives undefined, as does text that is no duration.
 * Weeks are 7 days and days 24 hours.
 */
export function durationSeconds(text: string): number | undefined {
  if (!isIsoDuration(text)) return undefined;
  const m = DURATION.exec(text);
  if (m) {
    const [, w, y, mo, d, h, mi, sec] = m;
    if ((y !== undefined && number(y) !== 0) || (mo !== undefined && number(mo) !== 0)) return undefined;
    return number(w) * SECONDS.W + number(d) * SECONDS.D + number(h) * SECONDS.H + number(mi) * SECONDS.M + number(sec) * SECONDS.S;
  }
  const a = ALTERNATIVE.exec(text)!;
  const [, y, mo, d, h, mi, sec] = a;
  if (number(y) !== 0 || number(mo) !== 0) return undefined;
  return number(d) * SECONDS.D + number(h) * SECONDS.H + number(mi) * SECONDS.M + number(sec) * SECONDS.S;
}
