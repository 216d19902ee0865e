import { daysBetween } from '../../domain/dates.ts';
import { formatGbp, formatLongDate } from '../../domain/format.ts';
import { PROPERTY_NAME } from '../../domain/property.ts';
import type { StayRow } from '../bookings/bookings-repository.ts';
import { button, link, mailto, p, type RenderedMessage, renderMessage, rows } from '../email/layout.ts';
import type { MessageSite } from '../email/messages.ts';

/** The booking card opened on a stay's dates (the home page reads `checkIn` and `checkOut`). */
export const bookingCardUrl = (siteUrl: string, stay: Pick<StayRow, 'checkIn' | 'checkOut'>) =>
  `${siteUrl}/?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}#booking`;

/** The one e-mail after a checkout lapsed unpaid: the dates, the price, the way back, and the way out. */
export function guestCheckoutFollowUp(
  stay: Pick<StayRow, 'checkIn' | 'checkOut' | 'contactName' | 'totalPence'>,
  optOutUrl: string,
  site: MessageSite,
): RenderedMessage {
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const first = stay.contactName.trim().split(/\s+/)[0] || 'there';
  return renderMessage({
    subject: `Your dates at ${PROPERTY_NAME} are still free`,
    preheader: `${formatLongDate(stay.checkIn)} – ${formatLongDate(stay.checkOut)}, ${formatGbp(stay.totalPence)}.`,
    heading: `Still thinking it over, ${first}?`,
    blocks: [
      p(
        'You started booking these dates with us and the payment was not finished. They are still free as we write, though we cannot hold them for you:',
      ),
      rows(
        { label: 'Check-in', value: formatLongDate(stay.checkIn) },
        { label: 'Check-out', value: formatLongDate(stay.checkOut) },
        { label: 'Nights', value: String(nights) },
        { label: 'Price when you looked', value: formatGbp(stay.totalPence), strong: true },
      ),
      button('Book these dates', bookingCardUrl(site.siteUrl, stay)),
      p(
        'Questions, or something went wrong with the payment? Reply to this e-mail or write to ',
        mailto(site.siteEmail),
        '.',
      ),
      p(
        'This is the only e-mail we send about it. ',
        link('No more e-mails like this one', optOutUrl),
        ' — one click, and we will not write about an unfinished booking again.',
      ),
    ],
    signOff: ['With warm wishes,', 'The owners of The Tower'],
  });
}
