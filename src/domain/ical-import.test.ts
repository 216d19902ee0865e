import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bookableNightWindow, IcalImportError, importIcal } from './ical-import.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../server/calendar-sync/fixtures/${name}.ics`, import.meta.url), 'utf8');

// The tests' "today": Monday 23 November 2026 on the property's clock.
const WINDOW = bookableNightWindow('2026-11-23');

const ranges = (text: string) => importIcal(text, WINDOW).map((e) => [e.checkIn, e.checkOut, e.summary]);

/** A calendar around some VEVENT lines, with LF line ends. */
const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...events, 'END:VCALENDAR'].join('\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\n');

describe('bookableNightWindow', () => {
  it('runs from today to the last night of a 28-night stay starting 12 months ahead', () => {
    expect(WINDOW).toEqual({ from: '2026-11-23', to: '2027-12-21' });
  });
});

describe('importIcal with real-world feeds', () => {
  it('reads an Airbnb calendar: reservations and Not available blocks, past and far-future ones left out', () => {
    expect(ranges(fixture('airbnb'))).toEqual([
      ['2026-11-20', '2026-11-25', 'Reserved'],
      ['2026-12-04', '2026-12-07', 'Reserved'],
      ['2026-12-24', '2026-12-27', 'Airbnb (Not available)'],
      ['2027-01-15', '2027-01-18', 'Reserved'],
      ['2027-02-12', '2027-02-14', 'Airbnb (Not available)'],
    ]);
  });

  it('keeps the UIDs of the feed, so a sync can tell events apart', () => {
    expect(importIcal(fixture('airbnb'), WINDOW)[1]!.uid).toBe(
      '1418fb94e984-5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b@airbnb.com',
    );
  });

  it('reads a Booking.com calendar of closures (LF line ends)', () => {
    expect(ranges(fixture('booking'))).toEqual([
      ['2026-12-10', '2026-12-13', 'CLOSED - Not available'],
      ['2026-12-31', '2027-01-02', 'CLOSED - Not available'],
      ['2027-03-05', '2027-03-08', 'CLOSED - Not available'],
    ]);
  });

  it('reads a VRBO calendar: a cancelled reservation blocks nothing, a missing DTEND is one night', () => {
    expect(ranges(fixture('vrbo'))).toEqual([
      ['2026-12-18', '2026-12-21', 'Reserved - Morag'],
      ['2027-02-01', '2027-02-04', 'Blocked'],
      ['2027-03-01', '2027-03-02', 'Blocked'],
    ]);
  });

  it('reads a Google Calendar export: TZID, UTC and floating times, RRULE with EXDATE and overrides', () => {
    expect(ranges(fixture('google'))).toEqual([
      ['2026-12-01', '2026-12-02', 'Maintenance day'],
      // 16:00 Fri → 11:00 Sun London: it touches Fri, Sat and Sun.
      ['2026-12-11', '2026-12-14', 'Family weekend'],
      // 20:00 → 18:00 New York is 01:00 → 23:00 on 9 January in London.
      ['2027-01-09', '2027-01-10', 'Photo shoot (booked from New York)'],
      // The 1 February occurrence moved to the 2nd; 1 January is an EXDATE; 1 March is cancelled.
      ['2027-02-02', '2027-02-03', 'Maintenance day (moved)'],
      // Ends exactly at London midnight: 7 February is not touched.
      ['2027-02-05', '2027-02-07', 'Burns supper party'],
      ['2027-03-20', '2027-03-22', 'Friends visiting (floating time)'],
      ['2027-04-01', '2027-04-02', 'Maintenance day'],
      // No DTEND on a timed event: the night of its day.
      ['2027-04-10', '2027-04-11', 'Boiler service (no end time)'],
      ['2027-05-01', '2027-05-02', 'Maintenance day'],
      ['2027-06-01', '2027-06-02', 'Maintenance day'],
      ['2027-07-01', '2027-07-02', 'Maintenance day'],
      // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
      ['2027-07-01', '2027-07-03', 'Golf group (late arrival)'],
      ['2027-08-01', '2027-08-02', 'Maintenance day'],
      ['2027-09-01', '2027-09-02', 'Maintenance day'],
      ['2027-10-01', '2027-10-02', 'Maintenance day'],
      ['2027-11-01', '2027-11-02', 'Maintenance day'],
      ['2027-12-01', '2027-12-02', 'Maintenance day'],
    ]);
  });

  it('gives the same events for CRLF and LF line ends', () => {
    const crlf = fixture('airbnb');
    expect(crlf).toContain('\r\n');
    expect(importIcal(crlf.replaceAll('\r\n', '\n'), WINDOW)).toEqual(importIcal(crlf, WINDOW));
  });
});

describe('importIcal rules', () => {
  it('unfolds folded lines', () => {
    const text = calendar(
      vevent(
        'UID:folded@test',
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20261203',
        'SUMMARY:A long',
        '  title',
      ),
    );
    expect(ranges(text)).toEqual([['2026-12-01', '2026-12-03', 'A long title']]);
  });

  it('reads a TZID without VTIMEZONE as an IANA zone, and a Windows zone name as London time', () => {
    const text = calendar(
      vevent(
        'UID:tokyo@test',
        'DTSTART;TZID=Asia/Tokyo:20261202T050000',
        'DTEND;TZID=Asia/Tokyo:20261203T080000',
      ),
      vevent(
        'UID:windows@test',
        'DTSTART;TZID=GMT Standard Time:20261210T230000',
        'DTEND;TZID=GMT Standard Time:20261211T010000',
      ),
    );
    // 05:00 Tokyo = 20:00 the day before in London; 08:00 Tokyo on the 3rd = 23:00 on the 2nd.
    expect(ranges(text)).toEqual([
      ['2026-12-01', '2026-12-03', ''],
      ['2026-12-10', '2026-12-12', ''],
    ]);
  });

  it('honours DURATION instead of DTEND', () => {
    const text = calendar(vevent('UID:duration@test', 'DTSTART;VALUE=DATE:20261201', 'DURATION:P3D'));
    expect(ranges(text)).toEqual([['2026-12-01', '2026-12-04', '']]);
  });

  it('gives one night to an event that ends before it starts', () => {
    const text = calendar(vevent('UID:backwards@test', 'DTSTART:20261205T120000Z', 'DTEND:20261204T120000Z'));
    expect(ranges(text)).toEqual([['2026-12-05', '2026-12-06', '']]);
  });

  it('keeps repeated UIDs without RECURRENCE-ID as separate events and merges exact repeats', () => {
    const text = calendar(
      vevent('UID:same@test', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203'),
      vevent('UID:same@test', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212'),
      vevent('UID:same@test', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261214'),
    );
    expect(ranges(text)).toEqual([
      ['2026-12-01', '2026-12-03', ''],
      ['2026-12-10', '2026-12-14', ''],
    ]);
  });

  it('expands an endless daily rule only within the window', () => {
    const text = calendar(
      vevent(
        'UID:daily@test',
        'DTSTART;VALUE=DATE:20200101',
        'DTEND;VALUE=DATE:20200102',
        'RRULE:FREQ=DAILY',
      ),
    );
    const events = importIcal(text, WINDOW);
    expect(events).toHaveLength(393); // every night from 2026-11-23 to 2027-12-20
    expect(events[0]).toMatchObject({ checkIn: '2026-11-23', checkOut: '2026-11-24' });
    expect(events.at(-1)).toMatchObject({ checkIn: '2027-12-20', checkOut: '2027-12-21' });
  });

  it('drops a whole cancelled series, and an event that ended by today or starts after the window', () => {
    const text = calendar(
      vevent(
        'UID:series@test',
        'STATUS:CANCELLED',
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20261202',
        'RRULE:FREQ=WEEKLY;COUNT=4',
      ),
      vevent('UID:ended@test', 'DTSTART;VALUE=DATE:20261120', 'DTEND;VALUE=DATE:20261123'),
      vevent('UID:after@test', 'DTSTART;VALUE=DATE:20271221', 'DTEND;VALUE=DATE:20271224'),
      vevent('UID:last@test', 'DTSTART;VALUE=DATE:20271220', 'DTEND;VALUE=DATE:20271222'),
    );
    expect(ranges(text)).toEqual([['2027-12-20', '2027-12-22', '']]);
  });

  it('ignores a VEVENT without DTSTART and other components', () => {
    const text = calendar(
      vevent('UID:nostart@test', 'SUMMARY:Nothing'),
      'BEGIN:VTODO\nUID:todo@test\nDTSTART;VALUE=DATE:20261201\nEND:VTODO',
    );
    expect(ranges(text)).toEqual([]);
  });

  it('returns no events for an empty calendar', () => {
    expect(importIcal(calendar(), WINDOW)).toEqual([]);
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body>Log in</body></html>'],
    ['an empty body', ''],
    ['JSON', '{"events": []}'],
    ['a vCard', 'BEGIN:VCARD\nVERSION:4.0\nFN:Someone\nEND:VCARD'],
  ])('refuses %s as not a calendar', (_name, text) => {
    expect(() => importIcal(text, WINDOW)).toThrow(IcalImportError);
  });
});
