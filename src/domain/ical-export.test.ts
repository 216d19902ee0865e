import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcalExport, EXPORT_EVENT_SUMMARY } from './ical-export.ts';
import { bookableNightWindow, importIcal } from './ical-import.ts';

const NOW = new Date('2026-11-23T10:00:00.456Z');
const STAYS = [
  { id: '0d6c1f1e-8d5a-4c53-9a55-3f0f3b9d2a11', checkIn: '2026-12-20', checkOut: '2026-12-23' },
  { id: '5b2f5d8e-1c4b-4f7a-8e2d-6a9c3b1e0f22', checkIn: '2026-12-01', checkOut: '2026-12-04' },
];

const build = () =>
  buildIcalExport({ stays: STAYS, host: 'thetower.example', calendarName: 'The Tower', now: NOW });

describe('buildIcalExport', () => {
  it('writes all-day events with stable UIDs, in check-in order', () => {
    const calendar = new ICAL.Component(ICAL.parse(build()));
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events.map((e) => [e.uid, e.startDate.toString(), e.endDate.toString(), e.summary])).toEqual([
      [
        '5b2f5d8e-1c4b-4f7a-8e2d-6a9c3b1e0f22@thetower.example',
        '2026-12-01',
        '2026-12-04',
        EXPORT_EVENT_SUMMARY,
      ],
      [
        '0d6c1f1e-8d5a-4c53-9a55-3f0f3b9d2a11@thetower.example',
        '2026-12-20',
        '2026-12-23',
        EXPORT_EVENT_SUMMARY,
      ],
    ]);
    expect(events.every((e) => e.startDate.isDate && e.endDate.isDate)).toBe(true);
  });

  it('is valid RFC 5545: CRLF lines of at most 75 octets, VERSION, PRODID, DTSTAMP in UTC', () => {
    const text = buildIcalExport({
      stays: [{ id: 'x'.repeat(120), checkIn: '2026-12-01', checkOut: '2026-12-02' }],
      host: 'thetower.example',
      calendarName: 'The Tower',
      now: NOW,
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => Buffer.byteLength(line) <= 75 && !line.includes('\n'))).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'PRODID:-//The Tower//Direct bookings//EN',
        'DTSTAMP:20261123T100000Z',
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20261202',
      ]),
    );
  });

  it('carries no personal data: only dates, UIDs and a fixed summary', () => {
    const text = build();
    const properties = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .flatMap((c) => c.getAllProperties().map((p) => p.name));
    expect(new Set(properties)).toEqual(new Set(['uid', 'dtstamp', 'dtstart', 'dtend', 'summary', 'transp']));
  });

  it('round-trips through our importer to exactly the exported nights', () => {
    const imported = importIcal(build(), bookableNightWindow('2026-11-23'));
    expect(imported.map((e) => [e.uid.split('@')[0], e.checkIn, e.checkOut])).toEqual([
      [STAYS[1]!.id, '2026-12-01', '2026-12-04'],
      [STAYS[0]!.id, '2026-12-20', '2026-12-23'],
    ]);
  });

  it('writes an empty calendar when there is nothing to export', () => {
    const text = buildIcalExport({ stays: [], host: 'h', calendarName: 'The Tower', now: NOW });
    expect(importIcal(text, bookableNightWindow('2026-11-23'))).toEqual([]);
  });
});
