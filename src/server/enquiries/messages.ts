import { ENQUIRY_KIND_LABELS, type EnquiryKind } from '../../domain/api/enquiries.ts';
import { daysBetween, type IsoDate, timeOnPropertyClock, todayOnPropertyClock } from '../../domain/dates.ts';
import { formatGbp, formatLongDate } from '../../domain/format.ts';
import { PROPERTY_NAME } from '../../domain/property.ts';
import { button, h, mailto, p, type RenderedMessage, renderMessage, rows } from '../email/layout.ts';
import type { MessageSite } from '../email/messages.ts';

/**
 * The e-mails of an enquiry and its quotes, in the site's voice (docs/decisions/028-enquiries-and-quotes.md): the
 * enquirer's acknowledgement, the owner's notice, and the guest's quote with its link. Pure functions of the rows.
 */

export type EnquiryDetails = {
  id: string;
  kind: EnquiryKind;
  dateFrom: IsoDate | null;
  dateTo: IsoDate | null;
  people: number | null;
  message: string;
  name: string;
  email: string;
  phone: string;
};

export type QuoteDetails = {
  id: string;
  kind: 'stay' | 'day_hire';
  checkIn: IsoDate;
  checkOut: IsoDate;
  dayHireHours: string | null;
  nightBookable: boolean;
  guestCount: number;
  contactName: string;
  totalPence: number;
  included: string;
  expiresAt: Date;
  holdDates: boolean;
};

/** The spec's promise on the Contact page. */
export const RESPONSE_PROMISE = 'We typically respond within 24 hours';

const GUEST_SIGN_OFF = ['With warm wishes,', 'The owners of The Tower'];
const OWNER_SIGN_OFF = ['— The Tower website'];
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

function datesText(enquiry: Pick<EnquiryDetails, 'dateFrom' | 'dateTo'>): string {
  if (!enquiry.dateFrom) return 'No dates given';
  if (!enquiry.dateTo || enquiry.dateTo === enquiry.dateFrom) return formatLongDate(enquiry.dateFrom);
  return `${formatLongDate(enquiry.dateFrom)} – ${formatLongDate(enquiry.dateTo)}`;
}

function enquiryRows(enquiry: EnquiryDetails) {
  return rows(
    { label: 'About', value: ENQUIRY_KIND_LABELS[enquiry.kind] },
    { label: 'Dates', value: datesText(enquiry) },
    { label: 'People', value: enquiry.people === null ? '—' : String(enquiry.people) },
  );
}

export function guestEnquiryReceived(enquiry: EnquiryDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `We have your enquiry about ${PROPERTY_NAME}`,
    preheader: `${RESPONSE_PROMISE}.`,
    heading: `Thank you, ${firstName(enquiry.name)}`,
    blocks: [
      p(
        `Your enquiry has reached us. ${RESPONSE_PROMISE}, with an answer or a quote you can accept and pay online.`,
      ),
      enquiryRows(enquiry),
      h('Your message'),
      p(enquiry.message),
      p('Anything to add? Reply to this e-mail or write to ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

export function ownerEnquiryReceived(enquiry: EnquiryDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `New enquiry from ${enquiry.name}: ${ENQUIRY_KIND_LABELS[enquiry.kind]}`,
    preheader: `${datesText(enquiry)}. The enquirer was told you typically respond within 24 hours.`,
    heading: 'A new enquiry',
    blocks: [
      enquiryRows(enquiry),
      rows(
        { label: 'Name', value: enquiry.name },
        { label: 'E-mail', value: enquiry.email },
        { label: 'Phone', value: enquiry.phone || '—' },
      ),
      h('Their message'),
      p(enquiry.message),
      p(
        'They were told you typically respond within 24 hours. Answer it with a quote they can pay online from the Enquiries tab, or reply by e-mail.',
      ),
      button('Open the Enquiries tab', `${site.siteUrl}/admin?tab=enquiries`),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** What a quote offers, in a sentence: the dates or the day, its hours and the night. */
export function quoteOffer(quote: QuoteDetails): string {
  if (quote.kind === 'day_hire') {
    const night = quote.nightBookable
      ? 'The night after is not included.'
      : 'The house is yours alone that night too, with no guests staying over.';
    return `Day hire of ${PROPERTY_NAME} on ${formatLongDate(quote.checkIn)}, ${quote.dayHireHours ?? ''}, for ${quote.guestCount} ${quote.guestCount === 1 ? 'person' : 'people'}. ${night}`;
  }
  const nights = daysBetween(quote.checkIn, quote.checkOut);
  return `A stay of ${nights} ${nights === 1 ? 'night' : 'nights'} from ${formatLongDate(quote.checkIn)} to ${formatLongDate(quote.checkOut)}, for ${quote.guestCount} ${quote.guestCount === 1 ? 'guest' : 'guests'}.`;
}

/** When a quote expires, as the guest reads it. */
export const expiryText = (expiresAt: Date) =>
  `${formatLongDate(todayOnPropertyClock(expiresAt))} at ${timeOnPropertyClock(expiresAt)}`;

export function guestQuote(quote: QuoteDetails, quoteUrl: string, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `Your quote for ${PROPERTY_NAME}: ${formatGbp(quote.totalPence)}`,
    preheader: `Open until ${expiryText(quote.expiresAt)}. Accept and pay online.`,
    heading: `Your quote, ${firstName(quote.contactName)}`,
    blocks: [
      p(quoteOffer(quote)),
      rows(
        { label: 'Price for the whole', value: formatGbp(quote.totalPence), strong: true },
        { label: 'Open until', value: expiryText(quote.expiresAt) },
      ),
      ...(quote.included ? [h('Included'), p(quote.included)] : []),
      p(
        quote.holdDates
          ? 'We are holding these dates for you until then.'
          : 'The dates are not held: they are yours once you have paid.',
      ),
      button('See your quote and pay', quoteUrl),
      p(
        'The link opens your quote without a password: keep it to yourself. Questions? Reply to this e-mail or write to ',
        mailto(site.siteEmail),
        '.',
      ),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}
