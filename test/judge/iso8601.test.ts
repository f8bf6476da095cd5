// ISO 8601 as the judge reads it (src/judge/iso8601.ts): a timestamp is read only when its date exists and its time
// is a time of day; week dates, ordinal dates, the basic format, fractions and the zero offsets. A duration's
// length is held in test/http/bounds.test.ts.
import { describe, expect, test } from 'vitest';
import { isIsoDuration, parseUtcTimestamp } from '../../src/judge/iso8601.ts';

const ms = (text: string) => parseUtcTimestamp(text)?.epochMs;

describe('parseUtcTimestamp', () => {
  test('a calendar date that does not exist is no timestamp: 30 February, 29 February of a common year, 31 April, month 0 or 13, day 0', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-00-10T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-00T00:00:00Z',
      '2026-01-32T00:00:00Z',
    ]) {
      expect(parseUtcTimestamp(text), text).toBeUndefined();
    }
    expect(ms('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(ms('2000-02-29T00:00:00Z')).toBe(Date.UTC(2000, 1, 29));
    expect(ms('2026-12-31T23:59:59Z')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59));
    expect(ms('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(ms('2026-04-30T00:00:00Z')).toBe(Date.UTC(2026, 3, 30));
  });

  test('an ordinal date: day 366 only in a leap year, day 0 never', () => {
    expect(parseUtcTimestamp('2026-366T00:00:00Z')).toBeUndefined();
    expect(parseUtcTimestamp('2026-000T00:00:00Z')).toBeUndefined();
    expect(parseUtcTimestamp('2100-366T00:00:00Z')).toBeUndefined();
    expect(ms('2024-366T12:00:00Z')).toBe(Date.UTC(2024, 11, 31, 12));
    expect(ms('2026-365T00:00:00Z')).toBe(Date.UTC(2026, 11, 31));
    expect(ms('2026-001T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(ms('2026060T000000Z')).toBe(Date.UTC(2026, 2, 1));
  });

  test('a week date: week 53 only in a year that has one, weekday 1 to 7, week 0 never', () => {
    // 2026 has 53 ISO weeks (it begins on a Thursday); 2025 and 2027 have 52
    expect(ms('2026-W53-7T00:00:00Z')).toBe(Date.UTC(2027, 0, 3));
    expect(ms('2026-W53-1T00:00:00Z')).toBe(Date.UTC(2026, 11, 28));
    expect(parseUtcTimestamp('2025-W53-1T00:00:00Z')).toBeUndefined();
    expect(parseUtcTimestamp('2027-W53-1T00:00:00Z')).toBeUndefined();
    expect(ms('2025-W52-7T00:00:00Z')).toBe(Date.UTC(2025, 11, 28));
    // week 1 holds 4 January: of 2026 it begins on Monday 29 December 2025
    expect(ms('2026-W01-1T00:00:00Z')).toBe(Date.UTC(2025, 11, 29));
    expect(ms('2021-W01-1T00:00:00Z')).toBe(Date.UTC(2021, 0, 4));
    expect(ms('2026W017T000000Z')).toBe(Date.UTC(2026, 0, 4));
    for (const text of ['2026-W00-1T00:00:00Z', '2026-W01-0T00:00:00Z', '2026-W01-8T00:00:00Z', '2026-W54-1T00:00:00Z'])
      expect(parseUtcTimestamp(text), text).toBeUndefined();
  });

  test('the time of day: hour 23, minute 59 and second 60 (a leap second, read as the next second) at most', () => {
    expect(ms('2026-11-21T23:59:60Z')).toBe(Date.UTC(2026, 10, 22));
    for (const text of ['2026-11-21T24:00:00Z', '2026-11-21T23:60:00Z', '2026-11-21T23:59:61Z']) expect(parseUtcTimestamp(text), text).toBeUndefined();
    expect(ms('2026-11-21T10:15:30Z')).toBe(Date.UTC(2026, 10, 21, 10, 15, 30));
  });

  test('fractions to the millisecond in epochMs, every digit kept; the zero offsets and the basic format', () => {
    expect(parseUtcTimestamp('2026-11-21T10:15:30.123456789Z')).toEqual({
      epochMs: Date.UTC(2026, 10, 21, 10, 15, 30, 123),
      fractionDigits: 9,
      fraction: '123456789',
    });
    expect(parseUtcTimestamp('2026-11-21T10:15:30,5+00:00')).toEqual({ epochMs: Date.UTC(2026, 10, 21, 10, 15, 30, 500), fractionDigits: 1, fraction: '5' });
    expect(parseUtcTimestamp('2026-11-21T10:15:30Z')).toEqual({ epochMs: Date.UTC(2026, 10, 21, 10, 15, 30), fractionDigits: 0, fraction: '' });
    expect(ms('20261121T101530+0000')).toBe(Date.UTC(2026, 10, 21, 10, 15, 30));
    expect(ms('2026-11-21T10:15:30+00')).toBe(Date.UTC(2026, 10, 21, 10, 15, 30));
    for (const text of [
      '2026-11-21T10:15:30+01:00',
      '2026-11-21 10:15:30Z',
      '2026-11-21T10:15Z',
      '2026-11-21T10:15:30',
      'x2026-11-21T10:15:30Z',
      '2026-11-21T10:15:30Zx',
    ])
      expect(parseUtcTimestamp(text), text).toBeUndefined();
  });
});

describe('isIsoDuration', () => {
  test('only the smallest component carries a fraction; the alternative format keeps its fields within their carry-over points, basic or extended, never a mix', () => {
    for (const text of ['PT1.5S', 'P1DT2.5H', 'P2W', 'P0000-00-01T00:00:01', 'P00000001T000001', 'P0001-12-30T24:59:59.5', 'PT0S', 'P1Y2M3DT4H5M6S'])
      expect(isIsoDuration(text), text).toBe(true);
    for (const text of [
      'PT1.5H2M',
      'P1.5DT1H',
      'P',
      'PT',
      'P1DT',
      'P0000-13-01T00:00:00',
      'P0000-00-31T00:00:00',
      'P0000-00-01T25:00:00',
      'P0000-00-01T00:60:00',
      'P0000-00-01T00:00:60',
      'P0000-0001T00:00:00',
      'P00000001T00:00:01',
      'P0000-00-01T000001',
      '1D',
      'P1D ',
    ])
      expect(isIsoDuration(text), text).toBe(false);
  });
});
