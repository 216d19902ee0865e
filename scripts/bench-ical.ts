/**
 * Prints how long the iCal import and export take (npm run bench:ical): the real-world fixture feeds, a large
 * synthetic Airbnb-like feed, an endless daily rule, and our export of many stays. Figures only, no assertions.
 */
import { readFileSync } from 'node:fs';
import { addDays } from '../src/domain/dates.ts';
import { buildIcalExport } from '../src/domain/ical-export.ts';
import { bookableNightWindow, importIcal } from '../src/domain/ical-import.ts';

const window = bookableNightWindow('2026-11-23');
const fixture = (name: string) =>
  readFileSync(new URL(`../src/server/calendar-sync/fixtures/${name}.ics`, import.meta.url), 'utf8');

function bench(label: string, run: () => unknown, iterations: number): void {
  run(); // warm up
  const started = performance.now();
  let result: unknown;
  for (let i = 0; i < iterations; i++) result = run();
  const ms = (performance.now() - started) / iterations;
  const size = Array.isArray(result) ? `${result.length} events` : `${String(result).length} bytes`;
  console.info(`${label.padEnd(44)} ${ms.toFixed(2).padStart(9)} ms   (${size})`);
}

const large = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
  ...Array.from({ length: 2000 }, (_, i) => {
    const start = addDays('2026-11-23', i % 390).replaceAll('-', '');
    const end = addDays('2026-11-23', (i % 390) + 2).replaceAll('-', '');
    return `BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:${start}\r\nDTEND;VALUE=DATE:${end}\r\nUID:bench-${i}@airbnb.com\r\nSUMMARY:Reserved\r\nEND:VEVENT`;
  }),
  'END:VCALENDAR',
].join('\r\n');
const daily = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:daily@bench',
  'DTSTART;VALUE=DATE:20200101',
  'DTEND;VALUE=DATE:20200102',
  'RRULE:FREQ=DAILY',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
const stays = Array.from({ length: 500 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  checkIn: addDays('2026-11-23', i * 3),
  checkOut: addDays('2026-11-23', i * 3 + 2),
}));

for (const name of ['airbnb', 'booking', 'vrbo', 'google']) {
  const text = fixture(name);
  bench(`import ${name}.ics`, () => importIcal(text, window), 50);
}
bench('import 2,000 all-day events', () => importIcal(large, window), 5);
bench('import a daily RRULE since 2020', () => importIcal(daily, window), 3);
bench(
  'export 500 stays',
  () => buildIcalExport({ stays, host: 'bench', calendarName: 'B', now: new Date() }),
  10,
);
