import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDayMonthYear,
  formatLongDate,
  formatMediumDate,
  formatMonth,
  formatPounds,
  formatShortDate,
} from './format.ts';

describe('format', () => {
  // The clocks change on 28 March 2027 and 25 October 2026 in London; the day written is still the day given.
  it.each([
    { format: formatLongDate, day: '2027-03-04', written: 'Thursday 4 March 2027' },
    { format: formatShortDate, day: '2027-03-04', written: 'Thu 4 Mar 2027' },
    { format: formatMediumDate, day: '2027-03-04', written: 'Thu 4 March 2027' },
    { format: formatDayMonthYear, day: '2026-12-11', written: '11 Dec 2026' },
    { format: formatMonth, day: '2027-03-01', written: 'March 2027' },
    { format: formatLongDate, day: '2027-03-28', written: 'Sunday 28 March 2027' },
    { format: formatLongDate, day: '2026-10-25', written: 'Sunday 25 October 2026' },
  ])(
    'writes calendar days British style, whatever the time zone: $day as "$written"',
    ({ format, day, written }) => {
      expect(format(day)).toBe(written);
    },
  );

  it('writes pounds as the site shows them', () => {
    expect(formatPounds(914)).toBe('£914');
    expect(formatPounds(27.5)).toBe('£27.50');
  });

  it.each([
    [0, '0 KB'],
    [300, '1 KB'],
    [85 * 1024, '85 KB'],
    [3.4 * 1024 ** 2, '3.4 MB'],
    [1024 ** 3 - 1, '1024.0 MB'],
    [12.5 * 1024 ** 3, '12.5 GB'],
  ])('writes sizes of files and disks in KB, MB and GB: %d bytes as %s', (bytes, written) => {
    expect(formatBytes(bytes)).toBe(written);
  });
});
