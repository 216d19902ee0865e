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
      // 16:00 Fri → 11:00 Sun London: Fri and Sat nights; it has left by Sunday's check-in.
      ['2026-12-11', '2026-12-13', 'Family weekend'],
      // 20:00 → 18:00 New York is 01:00 → 23:00 on 9 January in London.
      ['2027-01-09', '2027-01-10', 'Photo shoot (booked from New York)'],
      // The 1 February occurrence moved to the 2nd; 1 January is an EXDATE; 1 March is cancelled.
      ['2027-02-02', '2027-02-03', 'Maintenance day (moved)'],
      // Ends exactly at London midnight: 7 February is not touched.
      ['2027-02-05', '2027-02-07', 'Burns supper party'],
      // 14:00 → 10:00 the next day, floating (read as London time): one night.
      ['2027-03-20', '2027-03-21', 'Friends visiting (floating time)'],
      ['2027-04-01', '2027-04-02', 'Maintenance day'],
      // No DTEND on a timed event: the night of its day.
      ['2027-04-10', '2027-04-11', 'Boiler service (no end time)'],
      ['2027-05-01', '2027-05-02', 'Maintenance day'],
      ['2027-06-01', '2027-06-02', 'Maintenance day'],
      ['2027-07-01', '2027-07-02', 'Maintenance day'],
      // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); it ends at 11:00 BST on 2 July.
      ['2027-07-01', '2027-07-02', 'Golf group (late arrival)'],
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

describe('importIcal: a timed event is a stay whose nights begin at check-in (16:00 London)', () => {
  /** The [checkIn, checkOut) of one timed event. */
  const stay = (...lines: string[]) => {
    const [event] = importIcal(calendar(vevent('UID:timed@test', ...lines)), WINDOW);
    return event ? [event.checkIn, event.checkOut] : undefined;
  };

  it("frees the last day's night of an event that ends by check-in: Fri 15:00 → Sun 11:00 is Fri and Sat", () => {
    // 11 December 2026 is a Friday.
    expect(
      stay('DTSTART;TZID=Europe/London:20261211T150000', 'DTEND;TZID=Europe/London:20261213T110000'),
    ).toEqual(['2026-12-11', '2026-12-13']);
    // Ending exactly at check-in is "by" check-in.
    expect(
      stay('DTSTART;TZID=Europe/London:20261211T150000', 'DTEND;TZID=Europe/London:20261213T160000'),
    ).toEqual(['2026-12-11', '2026-12-13']);
  });

  it("holds the last day's night too when the event ends after check-in", () => {
    expect(
      stay('DTSTART;TZID=Europe/London:20261211T150000', 'DTEND;TZID=Europe/London:20261213T160100'),
    ).toEqual(['2026-12-11', '2026-12-14']);
    expect(
      stay('DTSTART;TZID=Europe/London:20261211T150000', 'DTEND;TZID=Europe/London:20261213T230000'),
    ).toEqual(['2026-12-11', '2026-12-14']);
  });

  it('blocks the night of its day for an event within one day, before or across check-in', () => {
    expect(stay('DTSTART:20261215T090000Z', 'DTEND:20261215T120000Z')).toEqual(['2026-12-15', '2026-12-16']);
    expect(stay('DTSTART:20261215T090000Z', 'DTEND:20261215T200000Z')).toEqual(['2026-12-15', '2026-12-16']);
    // An overnight event that leaves in the morning is one night.
    expect(stay('DTSTART:20261215T200000Z', 'DTEND:20261216T100000Z')).toEqual(['2026-12-15', '2026-12-16']);
  });

  it("judges UTC times on London's summer clock: 15:30Z is 16:30 BST, after check-in", () => {
    expect(stay('DTSTART:20270610T140000Z', 'DTEND:20270612T153000Z')).toEqual(['2027-06-10', '2027-06-13']);
    expect(stay('DTSTART:20270610T140000Z', 'DTEND:20270612T150000Z')).toEqual(['2027-06-10', '2027-06-12']);
  });

  it('reads floating times as London wall-clock times', () => {
    expect(stay('DTSTART:20270320T140000', 'DTEND:20270321T160000')).toEqual(['2027-03-20', '2027-03-21']);
    expect(stay('DTSTART:20270320T140000', 'DTEND:20270321T163000')).toEqual(['2027-03-20', '2027-03-22']);
  });

  it('converts another zone to London time, also while only one of them has changed its clocks', () => {
    // New York keeps summer time until 7 November 2027; London is back on GMT from 31 October.
    // 12:00 EDT = 16:00 GMT: by check-in. 12:30 EDT = 16:30 GMT: after it.
    expect(
      stay('DTSTART;TZID=America/New_York:20271029T100000', 'DTEND;TZID=America/New_York:20271031T120000'),
    ).toEqual(['2027-10-29', '2027-10-31']);
    expect(
      stay('DTSTART;TZID=America/New_York:20271029T100000', 'DTEND;TZID=America/New_York:20271031T123000'),
    ).toEqual(['2027-10-29', '2027-11-01']);
  });

  it('gets the days London changes its clocks right', () => {
    // 28 March 2027: clocks go forward at 01:00 GMT, so 15:00Z is 16:00 BST (by check-in), 15:30Z is 16:30.
    expect(stay('DTSTART:20270326T150000Z', 'DTEND:20270328T150000Z')).toEqual(['2027-03-26', '2027-03-28']);
    expect(stay('DTSTART:20270326T150000Z', 'DTEND:20270328T153000Z')).toEqual(['2027-03-26', '2027-03-29']);
    // 31 October 2027: clocks go back at 02:00 BST, so 16:00Z is 16:00 GMT (by check-in), 16:30Z is after.
    expect(stay('DTSTART:20271029T150000Z', 'DTEND:20271031T160000Z')).toEqual(['2027-10-29', '2027-10-31']);
    expect(stay('DTSTART:20271029T150000Z', 'DTEND:20271031T163000Z')).toEqual(['2027-10-29', '2027-11-01']);
  });

  it('leaves all-day events as they were: DTEND is exclusive', () => {
    expect(stay('DTSTART;VALUE=DATE:20261211', 'DTEND;VALUE=DATE:20261213')).toEqual([
      '2026-12-11',
      '2026-12-13',
    ]);
    expect(stay('DTSTART;VALUE=DATE:20261211')).toEqual(['2026-12-11', '2026-12-12']);
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
    // 05:00 Tokyo = 20:00 the day before in London; 08:00 Tokyo on the 3rd = 23:00 on the 2nd (after check-in).
    // The Windows-named event, read as London time, ends at 01:00 on the 11th: the night of the 10th.
    expect(ranges(text)).toEqual([
      ['2026-12-01', '2026-12-03', ''],
      ['2026-12-10', '2026-12-11', ''],
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
