import { useState } from 'react';
import type { AdminBooking, ImportedEvent } from '../../../../domain/api/admin-bookings.ts';
import { addDays, addMonths, dayOfWeek, daysBetween } from '../../../../domain/dates.ts';
import { formatGbp, formatMonth, formatShortDate } from '../../../../domain/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ViewDialog } from '../../../components/ui/dialog.tsx';
import { AdminCard } from '../shared/card.tsx';
import { notCheckedIn } from './check-in-words.ts';

type Entry = {
  key: string;
  label: string;
  detail: string;
  tone: 'green' | 'blue' | 'yellow' | 'purple' | 'orange';
  /** A stay of ours (not a channel's event). */
  booking?: AdminBooking;
  /** A stay to come whose guest has not checked in online: marked before the name, said in the detail. */
  notCheckedIn?: boolean;
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

/** Marks a stay to come whose guest has not checked in online (docs/decisions/025-online-check-in.md). */
const NOT_CHECKED_IN_MARK = '⚑';
/**
 * The mark drawn before the chip's name (CSS, so the name stays the chip's text and the start of its accessible
 * name; the detail says it in words).
 */
const NOT_CHECKED_IN_CLASS = "before:content-['⚑_']";

/** A booking's name on the calendar: a day hire says so, with its hours (docs/decisions/028). */
const calendarName = (b: AdminBooking) =>
  b.dayHireHours ? `Day hire ${b.dayHireHours}: ${b.contactName}` : b.contactName;

function entriesFor(bookings: AdminBooking[], imported: ImportedEvent[], today: string) {
  const entries: (Entry & { checkIn: string; checkOut: string })[] = [];
  for (const b of bookings) {
    if (b.status !== 'pending' && b.status !== 'confirmed') continue;
    const base = { key: b.id, checkIn: b.checkInDate, checkOut: b.checkOutDate, booking: b };
    if (b.kind === 'block')
      entries.push({ ...base, label: 'Blocked', detail: b.reason || 'Owner block', tone: 'blue' });
    else if (b.status === 'pending')
      entries.push({ ...base, label: `Hold: ${calendarName(b)}`, detail: 'Pending payment', tone: 'yellow' });
    // Money still owed (a balance not yet paid) is marked, so the owner sees it on the calendar.
    else if (b.duePence > 0)
      entries.push({
        ...base,
        label: `£ ${calendarName(b)}`,
        detail: `${b.guestCount} guests · balance ${formatGbp(b.duePence)} due`,
        tone: 'orange',
      });
    else entries.push({ ...base, label: calendarName(b), detail: `${b.guestCount} guests`, tone: 'green' });
    const last = entries.at(-1);
    if (last && b.kind === 'guest' && b.status === 'confirmed' && notCheckedIn(b, today)) {
      last.notCheckedIn = true;
      last.detail = `${last.detail} · not checked in online`;
    }
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

type Chip = Entry & { checkIn: string; checkOut: string };

/**
 * The nights of one month: every live stay, hold and block, and the channels' imported events. Each night's chip
 * is a button: a tap (a phone has no hover) opens the stay, named in full, with its dates and what it owes.
 */
export function MonthView({
  bookings,
  imported,
  today,
  onGuestLink,
}: {
  bookings: AdminBooking[];
  imported: ImportedEvent[];
  today: string;
  /** Opens a guest stay's link and messages (the Bookings tab's dialog). */
  onGuestLink(booking: AdminBooking): void;
}) {
  const [month, setMonth] = useState(`${today.slice(0, 7)}-01`);
  const [open, setOpen] = useState<Chip | null>(null);
  const entries = entriesFor(bookings, imported, today);
  const title = formatMonth(month);
  const next = addMonths(month, 1);
  const first = addDays(month, -dayOfWeek(month)); // weeks start on Sunday, as the guest's calendar does
  const weeks: string[][] = [];
  for (let start = first; start < next; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }

  return (
    <AdminCard
      headingId="month-view-heading"
      title="Calendar"
      aside={
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
      }
    >
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
                        <li key={e.key}>
                          {/* The whole name, wrapped to the cell's width rather than cut to "Al…". */}
                          <button
                            type="button"
                            onClick={() => setOpen(e)}
                            aria-label={`${e.label}, ${formatShortDate(day)}: ${e.detail}`}
                            className={`block w-full rounded px-0.5 text-left text-[11px] leading-tight [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-amber-700 sm:px-1 sm:text-xs ${TONES[e.tone]} ${e.notCheckedIn ? NOT_CHECKED_IN_CLASS : ''}`}
                          >
                            {e.label}
                          </button>
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
      <ChipDialog
        chip={open}
        onClose={() => setOpen(null)}
        onGuestLink={(booking) => {
          setOpen(null);
          onGuestLink(booking);
        }}
      />
      <ul className="mt-3 flex flex-wrap gap-3 text-stone-700 text-xs" aria-label="Legend">
        <li className={`rounded px-1 ${TONES.green}`}>Confirmed</li>
        <li className={`rounded px-1 ${TONES.orange}`}>£ Confirmed, balance due</li>
        <li className={`rounded px-1 ${TONES.yellow}`}>Held, awaiting payment</li>
        <li className={`rounded px-1 ${TONES.blue}`}>Owner block</li>
        <li className={`rounded px-1 ${TONES.purple}`}>Airbnb / Booking.com</li>
        <li>{NOT_CHECKED_IN_MARK} Not checked in online</li>
      </ul>
    </AdminCard>
  );
}

/** One chip opened: what it is, named in full, its nights, and for a guest's booking its link and messages. */
function ChipDialog({
  chip,
  onClose,
  onGuestLink,
}: {
  chip: Chip | null;
  onClose(): void;
  onGuestLink(booking: AdminBooking): void;
}) {
  const booking = chip?.booking;
  const nights = chip ? daysBetween(chip.checkIn, chip.checkOut) : 0;
  return (
    <ViewDialog
      open={chip !== null}
      onClose={onClose}
      width="sm"
      title={booking && booking.kind === 'guest' ? booking.contactName : (chip?.label ?? '')}
      description={
        chip ? (
          <>
            {formatShortDate(chip.checkIn)} – {formatShortDate(chip.checkOut)} · {nights}{' '}
            {nights === 1 ? 'night' : 'nights'}
          </>
        ) : null
      }
      actions={
        booking && booking.kind === 'guest' && booking.status === 'confirmed' ? (
          <Button variant="secondary" onClick={() => onGuestLink(booking)}>
            Guest link and messages
          </Button>
        ) : null
      }
    >
      {chip ? (
        <div className="mt-3 space-y-1 text-sm text-stone-700">
          <p>{chip.detail}</p>
          {booking ? <p className="text-stone-500 text-xs">Ref {booking.reference}</p> : null}
        </div>
      ) : null}
    </ViewDialog>
  );
}
