import type { ReactNode } from 'react';
import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatGbp, formatLongDate, formatShortDate } from '../../../../domain/format.ts';
import { AdminCard } from '../shared/card.tsx';
import { useBookings } from '../shared/queries.ts';
import { WhenRead } from '../shared/when-read.tsx';
import { LOOK_AHEAD_DAYS, todayOverview } from './today.ts';

const dates = (b: AdminBooking) => `${formatShortDate(b.checkInDate)} – ${formatShortDate(b.checkOutDate)}`;

/**
 * The top of the dashboard: arrivals and departures today and in the next days, the money guests still owe and
 * what needs the owner (today.ts), from the bookings list every tab shares.
 */
export function TodayPanel() {
  const bookings = useBookings();
  const today = todayOnPropertyClock(new Date());
  return (
    <AdminCard
      headingId="today-heading"
      title="Today"
      aside={<p className="text-sm text-stone-600">{formatLongDate(today)}</p>}
    >
      <WhenRead query={bookings} what="the bookings">
        {(list) => <Overview bookings={list} today={today} />}
      </WhenRead>
    </AdminCard>
  );
}

function Overview({ bookings, today }: { bookings: AdminBooking[]; today: string }) {
  const overview = todayOverview(bookings, today);
  const later = `Next ${LOOK_AHEAD_DAYS} days`;
  return (
    <div className="mt-4 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
      <Block title="Arrivals">
        <Stays label="Today" stays={overview.arrivalsToday} empty="No arrivals today." />
        <Stays label={later} stays={overview.arrivalsSoon} empty="None." />
      </Block>
      <Block title="Departures">
        <Stays label="Today" stays={overview.departuresToday} empty="No departures today." />
        <Stays label={later} stays={overview.departuresSoon} empty="None." />
      </Block>
      <Block title="Money due">
        {overview.moneyDue.length === 0 ? (
          <p className="text-stone-600">Nothing is owed.</p>
        ) : (
          <>
            <p className="font-medium text-stone-900">{formatGbp(overview.moneyDuePence)} still to pay</p>
            <List label="Money due">
              {overview.moneyDue.map((b) => (
                <li key={b.id}>
                  <span className="font-medium text-stone-900">{b.contactName}</span>: {formatGbp(b.duePence)}
                  <span className="block text-stone-600 text-xs">
                    {b.balanceStatus === 'failed'
                      ? 'The last charge failed; the guest has the payment link.'
                      : b.balanceDueOn
                        ? `Charged ${formatShortDate(b.balanceDueOn)}`
                        : dates(b)}
                  </span>
                </li>
              ))}
            </List>
          </>
        )}
      </Block>
      <Block title="Needs you">
        {overview.needs.length === 0 ? (
          <p className="text-stone-600">Nothing needs you.</p>
        ) : (
          <List label="Needs you">
            {overview.needs.map(({ booking, sentence }) => (
              <li key={`${booking.id}-${sentence}`} className="rounded bg-amber-50 px-2 py-1">
                <span className="font-medium text-stone-900">{booking.contactName}</span>{' '}
                <span className="text-stone-600 text-xs">{dates(booking)}</span>
                <span className="block text-amber-950">{sentence}</span>
              </li>
            ))}
          </List>
        )}
      </Block>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 text-sm">
      <h3 className="font-semibold text-base text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

function List({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="space-y-1.5">
      {children}
    </ul>
  );
}

function Stays({ label, stays, empty }: { label: string; stays: AdminBooking[]; empty: string }) {
  return (
    <div>
      <h4 className="font-medium text-stone-700">{label}</h4>
      {stays.length === 0 ? (
        <p className="text-stone-600">{empty}</p>
      ) : (
        <List label={label}>
          {stays.map((b) => (
            <li key={b.id}>
              <span className="font-medium text-stone-900">{b.contactName}</span>{' '}
              <span className="text-stone-600">
                {dates(b)} · {b.guestCount} {b.guestCount === 1 ? 'guest' : 'guests'}
              </span>
            </li>
          ))}
        </List>
      )}
    </div>
  );
}
