import { bookingReference, isBookingId } from '../../../../domain/booking-reference.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { useAudit } from '../shared/queries.ts';
import { cardClass } from '../shared/styles.ts';
import { WhenRead } from '../shared/when-read.tsx';

const ACTIONS: Record<string, string> = {
  'admin.login': 'Logged in',
  'admin.logout': 'Logged out',
  'booking.confirmed': 'Confirmed a booking',
  'booking.canceled': 'Cancelled a booking',
  'booking.refunded': 'Refund issued',
  'booking.refund_failed': 'Refund failed',
  'booking.created_by_owner': 'Took a booking by phone/e-mail',
  'block.removed': 'Unblocked dates',
  'bookings.exported': 'Downloaded the bookings (CSV)',
  'booking.change_requested': 'The guest asked for other dates',
  'booking.dates_changed': "Moved a booking's dates",
  'booking.access_code_set': "Set a stay's access code",
  'booking.manage_link_replaced': "Replaced a guest's booking link",
  'guest_messages.saved': 'Saved the guest message settings',
  'guest.exported': "Exported a guest's data",
  'guest.erased': "Erased a guest's data",
  'property.facts_changed': 'Changed the property facts',
  'texts.changed': 'Edited the site texts',
  'texts.reset': 'Restored the original site texts',
  'go_live.choice': 'Ticked the go-live checklist',
  'email.test_sent': 'Sent a test e-mail',
  'photo.uploaded': 'Uploaded a photo',
  'photo.replaced': 'Replaced a photo',
  'photo.updated': 'Changed a photo (description, sharing or feature card)',
  'photo.reordered': 'Reordered the slideshow',
  'photo.deleted': 'Deleted a photo',
};

/** The latest entries of the audit log: who did what, when. */
export function RecentActivity() {
  const audit = useAudit();
  return (
    <details className={cardClass}>
      <summary className="cursor-pointer font-serif text-xl">Recent activity</summary>
      <WhenRead query={audit} what="the activity">
        {(entries) => (
          <ul className="mt-3 divide-y divide-stone-100 text-sm">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {ACTIONS[entry.action] ?? entry.action}
                  {typeof entry.details.stayId === 'string' && isBookingId(entry.details.stayId) ? (
                    <span className="text-stone-500"> · ref {bookingReference(entry.details.stayId)}</span>
                  ) : null}
                </span>
                <span className="text-stone-600">
                  {entry.actor}, {formatMoment(entry.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </WhenRead>
    </details>
  );
}
