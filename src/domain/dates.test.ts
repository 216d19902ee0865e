import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  daysBetween,
  isIsoDate,
  nightsOf,
  staysOverlap,
  timeOnPropertyClock,
  todayOnPropertyClock,
} from './dates.ts';

describe('isIsoDate', () => {
  it.each(['2027-03-04', '2028-02-29'])('accepts real calendar dates written yyyy-MM-dd: %j', (day) => {
    expect(isIsoDate(day)).toBe(true);
  });

  it.each([
    ['2027-02-29', '29 February outside a leap year'],
    ['2100-02-29', '29 February of a century year not divisible by 400'],
    ['2027-04-31', 'a day the month does not have'],
    ['2027-13-01', 'a month that does not exist'],
    ['2027-3-4', 'a month and day without their leading zeros'],
    ['04/03/2027', 'another format'],
    ['2027-03-04T00:00:00Z', 'a timestamp'],
    ['', 'nothing'],
  ])('refuses %j: %s', (text) => {
    expect(isIsoDate(text)).toBe(false);
  });
});

describe('addDays and daysBetween', () => {
  it('cross month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2027-04-30', 1)).toBe('2027-05-01');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });

  it('know 29 February of leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(daysBetween('2028-02-27', '2028-03-02')).toBe(4);
  });

  it('count whole days across the clock changes of March and October', () => {
    expect(daysBetween('2027-03-27', '2027-03-29')).toBe(2);
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(daysBetween('2027-10-30', '2027-11-01')).toBe(2);
    expect(addDays('2027-10-31', 1)).toBe('2027-11-01');
  });

  it('are negative backwards and throw on a malformed date', () => {
    expect(daysBetween('2027-03-07', '2027-03-04')).toBe(-3);
    expect(() => addDays('2027-02-30', 1)).toThrow(RangeError);
  });
});

describe('nightsOf', () => {
  it('lists the nights from check-in up to, not including, check-out', () => {
    expect(nightsOf('2027-03-04', '2027-03-07')).toEqual(['2027-03-04', '2027-03-05', '2027-03-06']);
  });

  it('crosses the year end and 29 February', () => {
    expect(nightsOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(nightsOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29']);
  });

  it('is empty when check-out is not after check-in', () => {
    expect(nightsOf('2027-03-04', '2027-03-04')).toEqual([]);
    expect(nightsOf('2027-03-05', '2027-03-04')).toEqual([]);
  });
});

describe('dayOfWeek', () => {
  it('counts 0 = Sunday … 6 = Saturday, across a clock change and 29 February', () => {
    expect(dayOfWeek('2027-03-01')).toBe(1); // a Monday
    expect(dayOfWeek('2027-03-27')).toBe(6); // Saturday before the clocks go forward
    expect(dayOfWeek('2027-03-28')).toBe(0); // Sunday of the change
    expect(dayOfWeek('2027-10-30')).toBe(6);
    expect(dayOfWeek('2027-10-31')).toBe(0);
    expect(dayOfWeek('2028-02-29')).toBe(2); // a Tuesday
  });
});

describe('addMonths', () => {
  it('keeps the day where the month has it and clamps it otherwise', () => {
    expect(addMonths('2026-11-22', 12)).toBe('2027-11-22');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('timeOnPropertyClock', () => {
  it('reads 24-hour London time: GMT in winter, BST in summer', () => {
    expect(timeOnPropertyClock(new Date('2026-11-23T14:32:59Z'))).toBe('14:32');
    expect(timeOnPropertyClock(new Date('2027-07-01T13:32:00Z'))).toBe('14:32');
    expect(timeOnPropertyClock(new Date('2027-01-01T00:05:00Z'))).toBe('00:05');
  });
});

describe('todayOnPropertyClock', () => {
  it('uses GMT in winter: 23:30 UTC on 31 December is still that day in Aberdeen', () => {
    expect(todayOnPropertyClock(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(todayOnPropertyClock(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('uses BST in summer: 23:30 UTC is already the next day in Aberdeen', () => {
    expect(todayOnPropertyClock(new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
    expect(todayOnPropertyClock(new Date('2027-06-30T22:59:59Z'))).toBe('2027-06-30');
  });

  it.each([
    // 28 March 2027: 01:00 GMT becomes 02:00 BST.
    ['2027-03-27T23:59:00Z', '2027-03-27'],
    ['2027-03-28T00:30:00Z', '2027-03-28'],
    ['2027-03-28T22:59:00Z', '2027-03-28'],
    ['2027-03-28T23:00:00Z', '2027-03-29'],
    // 31 October 2027: 02:00 BST becomes 01:00 GMT.
    ['2027-10-30T22:59:00Z', '2027-10-30'],
    ['2027-10-30T23:00:00Z', '2027-10-31'],
    ['2027-10-31T23:30:00Z', '2027-10-31'],
    ['2027-11-01T00:00:00Z', '2027-11-01'],
  ])('follows the clocks changing on the last Sundays of March and October: %s is %s', (instant, day) => {
    expect(todayOnPropertyClock(new Date(instant))).toBe(day);
  });

  it('knows 29 February', () => {
    expect(todayOnPropertyClock(new Date('2028-02-29T12:00:00Z'))).toBe('2028-02-29');
  });

  it('changes day at the first second of the new day, asked again within the same minute', () => {
    expect(todayOnPropertyClock(new Date('2027-01-01T23:59:00Z'))).toBe('2027-01-01');
    expect(todayOnPropertyClock(new Date('2027-01-01T23:59:59.999Z'))).toBe('2027-01-01');
    expect(todayOnPropertyClock(new Date('2027-01-02T00:00:00Z'))).toBe('2027-01-02');
    expect(todayOnPropertyClock(new Date('2027-01-02T00:00:30Z'))).toBe('2027-01-02');
    expect(todayOnPropertyClock(new Date('2027-01-01T23:59:30Z'))).toBe('2027-01-01'); // back again
  });
});

describe('the date arithmetic', () => {
  it('agrees with JavaScript Date on every day from 1900 to 2100', () => {
    const dayMs = 86_400_000;
    for (let ms = Date.UTC(1899, 11, 1); ms <= Date.UTC(2101, 0, 31); ms += dayMs) {
      const date = new Date(ms);
      const iso = date.toISOString().slice(0, 10);
      if (!isIsoDate(iso) || dayOfWeek(iso) !== date.getUTCDay()) throw new Error(`wrong for ${iso}`);
      if (addDays(iso, 1) !== new Date(ms + dayMs).toISOString().slice(0, 10)) throw new Error(`+1 ${iso}`);
    }
  });

  it('writes years outside 1000–9999 as JavaScript Date does', () => {
    expect(addDays('9999-12-31', 1)).toBe(new Date(Date.UTC(10000, 0, 1)).toISOString().slice(0, 10));
    expect(addDays('1000-01-01', -1)).toBe('0999-12-31');
    expect(nightsOf('2027-12-30', '2028-01-02')).toEqual(['2027-12-30', '2027-12-31', '2028-01-01']);
  });

  it('refuses what the yyyy-MM-dd pattern refuses, and years before 100', () => {
    for (const bad of [
      '2027-03-0x',
      '2027-0a-04',
      '202x-03-04',
      '2027/03/04',
      '2027-03-04 ',
      ' 2027-03-04',
    ]) {
      expect(isIsoDate(bad)).toBe(false);
    }
    expect(isIsoDate('2027-00-10')).toBe(false);
    expect(isIsoDate('2027-03-00')).toBe(false);
    expect(isIsoDate('0099-01-01')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(() => addDays('2027-02-29', 1)).toThrow(RangeError);
  });
});

describe('staysOverlap', () => {
  it('is true for a shared night and false when stays only touch', () => {
    const a = { checkIn: '2027-03-04', checkOut: '2027-03-07' };
    expect(staysOverlap(a, { checkIn: '2027-03-06', checkOut: '2027-03-09' })).toBe(true);
    expect(staysOverlap(a, { checkIn: '2027-03-07', checkOut: '2027-03-09' })).toBe(false);
    expect(staysOverlap(a, { checkIn: '2027-03-01', checkOut: '2027-03-04' })).toBe(false);
    expect(staysOverlap(a, { checkIn: '2027-03-05', checkOut: '2027-03-06' })).toBe(true);
  });
});
