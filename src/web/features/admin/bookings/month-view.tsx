import { useState } from 'react';
import type { AdminBooking, ImportedEvent } from '../../../../domain/api/admin-bookings.ts';
import { addDays, addMonths, dayOfWeek } from '../../../../domain/dates.ts';
import { formatGbp, formatMonth } from '../../../../domain/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cardClass } from '../shared/styles.ts';

type Entry = {
  key: string;
  label: string;
  detail: string;
  tone: 'green' | 'blue' | 'yellow' | 'purple' | 'orange';
};

const TONES = {
  green: 'bg-green-100 text-green-900',
  blue: 'bg-blue-100 text-blue-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  purple: 'bg-purple-100 text-purple-900',
  orange: 'bg-orange-100 text-orange-950',
} as const;

const CHANNELS: Record<string, string> = { airbnb: 'Airbnb', booking: 'Booking.com' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function entriesFor(bookings: AdminBooking[], imported: ImportedEvent[]) {
  const entries: (Entry & { checkIn: string; checkOut: string })[] = [];
  for (const b of bookings) {
    if (b.status !== 'pending' && b.status !== 'confirmed') continue;
    const base = { key: b.id, checkIn: b.checkInDate, checkOut: b.checkOutDate };
    if (b.kind === 'block')
      entries.push({ ...base, label: 'Blocked', detail: b.reason || 'Owner block', tone: 'blue' });
    else if (b.status === 'pending')
      entries.push({ ...base, label: `Hold: ${b.contactName}`, detail: 'Pending payment', tone: 'yellow' });
    // Money still owed (a balance not yet paid) is marked, so the owner sees it on the calendar.
    else if (b.duePence > 0)
      entries.push({
        ...base,
        label: `£ ${b.contactName}`,
        detail: `${b.guestCount} guests · balance ${formatGbp(b.duePence)} due`,
        tone: 'orange',
      });
    else entries.push({ ...base, label: b.contactName, detail: `${b.guestCount} guests`, tone: 'green' });
  }
  for (const e of imported) {
    entries.push({
      key: `${e.sourceId}:${e.uid}:${e.checkInDate}`,
      checkIn: e.checkInDate,
      checkOut: e.checkOutDate,
      label: CHANNELS[e.sourceId] ?? e.sourceId,
      detail: e.conflict ? 'Conflicts with a direct booking' : e.summary || 'Imported',
      tone: 'purple',
    });
  }
  return entries;
}

/** The nights of one month: every live stay, hold and block, and the channels' imported events. */
export function MonthView({
  bookings,
  imported,
  today,
}: {
  bookings: AdminBooking[];
  imported: ImportedEvent[];
  today: string;
}) {
  const [month, setMonth] = useState(`${today.slice(0, 7)}-01`);
  const entries = entriesFor(bookings, imported);
  const title = formatMonth(month);
  const next = addMonths(month, 1);
  const first = addDays(month, -dayOfWeek(month)); // weeks start on Sunday, as the guest's calendar does
  const weeks: string[][] = [];
  for (let start = first; start < next; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }

  return (
    <section className={cardClass} aria-labelledby="month-view-heading">
      <div className="flex items-center justify-between gap-2">
        <h2 id="month-view-heading" className="font-serif text-xl">
          Calendar
        </h2>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setMonth(addMonths(month, -1))}
            aria-label="Previous month"
          >
            ‹
          </Button>
          <span className="min-w-32 text-center font-medium" aria-live="polite">
            {title}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setMonth(next)} aria-label="Next month">
            ›
          </Button>
        </div>
      </div>
      <table className="mt-4 w-full table-fixed border-collapse text-xs">
        <caption className="sr-only">Nights taken in {title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="pb-1 font-medium text-stone-600">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = day >= month && day < next;
                const nights = entries.filter((e) => e.checkIn <= day && day < e.checkOut);
                return (
                  <td
                    key={day}
                    className={`h-20 border border-stone-200 p-1 align-top ${inMonth ? '' : 'bg-stone-50 text-stone-400'} ${day === today ? 'ring-2 ring-amber-600 ring-inset' : ''}`}
                  >
                    <div className="font-medium">{Number(day.slice(8))}</div>
                    <ul className="mt-0.5 space-y-0.5">
                      {nights.map((e) => (
                        <li
                          key={e.key}
                          title={`${e.label}: ${e.detail}`}
                          className={`truncate rounded px-1 ${TONES[e.tone]}`}
                        >
                          {e.label}
                        </li>
                      ))}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-3 text-stone-700 text-xs" aria-label="Legend">
        <li className={`rounded px-1 ${TONES.green}`}>Confirmed</li>
        <li className={`rounded px-1 ${TONES.orange}`}>£ Confirmed, balance due</li>
        <li className={`rounded px-1 ${TONES.yellow}`}>Held, awaiting payment</li>
        <li className={`rounded px-1 ${TONES.blue}`}>Owner block</li>
        <li className={`rounded px-1 ${TONES.purple}`}>Airbnb / Booking.com</li>
      </ul>
    </section>
  );
}
