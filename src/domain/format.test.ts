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
  it('writes calendar days British style, whatever the time zone', () => {
    expect(formatLongDate('2027-03-04')).toBe('Thursday 4 March 2027');
    expect(formatShortDate('2027-03-04')).toBe('Thu 4 Mar 2027');
    expect(formatMediumDate('2027-03-04')).toBe('Thu 4 March 2027');
    expect(formatDayMonthYear('2026-12-11')).toBe('11 Dec 2026');
    expect(formatMonth('2027-03-01')).toBe('March 2027');
    // The clocks change on these days in London; the day written is still the day given.
    expect(formatLongDate('2027-03-28')).toBe('Sunday 28 March 2027');
    expect(formatLongDate('2026-10-25')).toBe('Sunday 25 October 2026');
  });

  it('writes pounds as the site shows them', () => {
    expect(formatPounds(914)).toBe('£914');
    expect(formatPounds(27.5)).toBe('£27.50');
  });

  it('writes sizes of files and disks in KB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(85 * 1024)).toBe('85 KB');
    expect(formatBytes(3.4 * 1024 ** 2)).toBe('3.4 MB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1024.0 MB');
    expect(formatBytes(12.5 * 1024 ** 3)).toBe('12.5 GB');
  });
});
