import { describe, expect, it } from 'vitest';
import {
  askedSelection,
  autoSelection,
  type CalendarFacts,
  CLICK_OFFSET,
  canCheckIn,
  chooseCheckOut,
  movedFocus,
  startAt,
  TYPED_OFFSET,
} from './date-selection.ts';

// Monday 23 November 2026; the nights of 27 and 28 November are taken.
const facts: CalendarFacts = {
  today: '2026-11-23',
  lastCheckIn: '2027-11-23',
  taken: new Set(['2026-11-27', '2026-11-28']),
  minNights: 2,
};

describe('check-in', () => {
  it('is a day from today to the last bookable day whose night is free', () => {
    expect(canCheckIn('2026-11-23', facts)).toBe(true);
    expect(canCheckIn('2026-11-22', facts)).toBe(false);
    expect(canCheckIn('2026-11-27', facts)).toBe(false);
    expect(canCheckIn('2027-11-23', facts)).toBe(true);
    expect(canCheckIn('2027-11-24', facts)).toBe(false);
  });

  it('gets the default check-out: never fewer nights than the minimum', () => {
    expect(startAt('2026-11-23', CLICK_OFFSET, facts)).toEqual({ ok: true, checkOut: '2026-11-25' });
    expect(startAt('2026-11-23', TYPED_OFFSET, facts)).toEqual({ ok: true, checkOut: '2026-11-25' });
    expect(startAt('2026-11-23', TYPED_OFFSET, { ...facts, minNights: 1 })).toEqual({
      ok: true,
      checkOut: '2026-11-24',
    });
  });

  it('is refused on a taken night, and its default stay when it runs into one', () => {
    expect(startAt('2026-11-27', CLICK_OFFSET, facts)).toEqual({ ok: false, reason: 'checkInUnavailable' });
    expect(startAt('2026-11-26', CLICK_OFFSET, facts)).toEqual({ ok: false, reason: 'rangeUnavailable' });
  });
});

describe('check-out', () => {
  it('may be a taken day when every night before it is free (a guest leaves the morning another arrives)', () => {
    expect(chooseCheckOut('2026-11-24', '2026-11-27', facts.taken)).toEqual({ ok: true });
  });

  it('is refused on or before check-in, past 28 nights, after a taken night, or over one', () => {
    const checkOut = (checkIn: string, day: string) => chooseCheckOut(checkIn, day, facts.taken);
    expect(checkOut('2026-11-24', '2026-11-24')).toEqual({ ok: false, reason: 'checkOutUnavailable' });
    expect(checkOut('2026-12-01', '2026-12-30')).toEqual({ ok: false, reason: 'maximumStay' });
    expect(chooseCheckOut('2026-12-01', '2026-12-29', facts.taken)).toEqual({ ok: true });
    expect(checkOut('2026-11-24', '2026-11-28')).toEqual({ ok: false, reason: 'checkOutUnavailable' });
    expect(checkOut('2026-11-24', '2026-11-30')).toEqual({ ok: false, reason: 'rangeUnavailable' });
    expect(checkOut('2026-11-26', '2026-12-02')).toEqual({ ok: false, reason: 'rangeUnavailable' });
  });
});

describe('the automatic selection', () => {
  it('is the first day of the month, not before today, whose default stay is free', () => {
    expect(autoSelection('2026-11-01', facts)).toEqual({ checkIn: '2026-11-23', checkOut: '2026-11-25' });
    expect(autoSelection('2027-01-01', facts)).toEqual({ checkIn: '2027-01-01', checkOut: '2027-01-03' });
    const busy = {
      ...facts,
      taken: new Set(['2026-11-23', '2026-11-24', '2026-11-26', '2026-11-28', '2026-11-30']),
    };
    expect(autoSelection('2026-11-01', busy)).toBeNull();
  });
});

describe('the keyboard', () => {
  const months = { first: '2026-11-01', last: '2027-11-01' };
  it('moves a day, a week, a month and to the ends of the week (Sunday first)', () => {
    expect(movedFocus('ArrowRight', '2026-11-25', months)).toBe('2026-11-26');
    expect(movedFocus('ArrowUp', '2026-11-25', months)).toBe('2026-11-18');
    expect(movedFocus('PageDown', '2026-11-25', months)).toBe('2026-12-25');
    expect(movedFocus('Home', '2026-11-25', months)).toBe('2026-11-22');
    expect(movedFocus('End', '2026-11-25', months)).toBe('2026-11-28');
    expect(movedFocus('Enter', '2026-11-25', months)).toBeNull();
  });

  it('stays within the months that can be shown', () => {
    expect(movedFocus('PageUp', '2026-11-10', months)).toBe('2026-11-01');
    expect(movedFocus('ArrowDown', '2027-11-28', months)).toBe('2027-11-30');
  });
});

describe('the owner’s plan in the picker', () => {
  // A season from 7 to 13 December asks 4 nights; 1 December is closed to arrival, 4 December to departure.
  const planned: CalendarFacts = {
    ...facts,
    minNights: (checkIn) => (checkIn >= '2026-12-07' && checkIn <= '2026-12-13' ? 4 : 2),
    closedToArrival: (day) => day === '2026-12-01',
    closedToDeparture: (day) => day === '2026-12-04',
  };

  it('gives a stay starting in a season its minimum stay', () => {
    expect(startAt('2026-12-08', CLICK_OFFSET, planned)).toEqual({ ok: true, checkOut: '2026-12-12' });
    expect(startAt('2026-12-14', CLICK_OFFSET, planned)).toEqual({ ok: true, checkOut: '2026-12-16' });
  });

  it('moves a default check-out off a day closed to departure', () => {
    expect(startAt('2026-12-02', CLICK_OFFSET, planned)).toEqual({ ok: true, checkOut: '2026-12-05' });
  });

  it('refuses a check-in on a day closed to arrival, saying so', () => {
    expect(canCheckIn('2026-12-01', planned)).toBe(false);
    expect(startAt('2026-12-01', CLICK_OFFSET, planned)).toEqual({ ok: false, reason: 'closedToArrival' });
  });

  it('refuses a check-out on a day closed to departure', () => {
    expect(chooseCheckOut('2026-12-02', '2026-12-04', planned.taken, planned.closedToDeparture)).toEqual({
      ok: false,
      reason: 'closedToDeparture',
    });
    expect(chooseCheckOut('2026-12-02', '2026-12-05', planned.taken, planned.closedToDeparture)).toEqual({
      ok: true,
    });
  });
});

describe('the dates an address asks for (a follow-up e-mail’s link)', () => {
  it('are chosen when they can be booked now', () => {
    expect(askedSelection({ checkIn: '2026-11-29', checkOut: '2026-12-02' }, facts)).toEqual({
      checkIn: '2026-11-29',
      checkOut: '2026-12-02',
    });
  });

  it('are ignored when taken, past, too short, too long or not dates', () => {
    for (const asked of [
      { checkIn: '2026-11-26', checkOut: '2026-11-29' }, // runs over the taken nights
      { checkIn: '2026-11-20', checkOut: '2026-11-23' }, // in the past
      { checkIn: '2026-12-01', checkOut: '2026-12-02' }, // 1 night: fewer than the minimum
      { checkIn: '2026-12-01', checkOut: '2027-01-01' }, // 31 nights: more than 28
      { checkIn: 'tomorrow', checkOut: '2026-12-02' },
    ]) {
      expect(askedSelection(asked, facts), JSON.stringify(asked)).toBeNull();
    }
    expect(askedSelection(null, facts)).toBeNull();
  });
});
