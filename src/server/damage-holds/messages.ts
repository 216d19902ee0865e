import { bookingReference } from '../../domain/booking-reference.ts';
import { formatDayMonthYear, formatGbp, formatLongDate } from '../../domain/format.ts';
import { PROPERTY_NAME } from '../../domain/property.ts';
import { button, mailto, p, type RenderedMessage, renderMessage, rows } from '../email/layout.ts';
import type { MessageSite } from '../email/messages.ts';
import { manageBookingUrl } from '../email/stay-calendar.ts';

/**
 * The e-mails of the damage deposit (docs/decisions/031-damage-deposit-hold.md): the guest's link when the bank
 * declined the hold or asked for authentication, and the owner's notice of it; the guest's notice before a
 * renewal; the guest's notice of the owner's claim, with its reason. Pure functions of the stay and the hold.
 */

export type HoldStay = {
  id: string;
  manageKey: string;
  contactName: string;
  contactEmail: string;
  checkIn: string;
  checkOut: string;
};

const GUEST_SIGN_OFF = ['With warm wishes,', 'The owners of The Tower'];
const OWNER_SIGN_OFF = ['— The Tower website'];
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';
const dates = (stay: HoldStay) =>
  `${formatDayMonthYear(stay.checkIn)} – ${formatDayMonthYear(stay.checkOut)}`;
/** The manage page's damage deposit section. */
export const depositUrl = (stay: HoldStay, siteUrl: string) => `${manageBookingUrl(stay, siteUrl)}#deposit`;

const stayRows = (stay: HoldStay) =>
  rows(
    { label: 'Booking reference', value: bookingReference(stay.id) },
    { label: 'Stay', value: `${formatLongDate(stay.checkIn)} to ${formatLongDate(stay.checkOut)}` },
  );

/** The bank declined the hold (or the charge), or asked the guest to authenticate it. */
export function guestDamageHoldFailed(
  stay: HoldStay,
  hold: { amountPence: number; method: 'hold' | 'charge'; authentication: boolean },
  site: MessageSite,
): RenderedMessage {
  const amount = formatGbp(hold.amountPence);
  const what = hold.method === 'charge' ? 'charge the damage deposit' : 'hold the damage deposit';
  return renderMessage({
    subject: `Please authorise the damage deposit for your stay at ${PROPERTY_NAME}`,
    preheader: `${amount}: authorise it on your booking page and your access code follows.`,
    heading: 'Your damage deposit needs you',
    blocks: [
      p(
        `Dear ${firstName(stay.contactName)}, we tried to ${what} of ${amount} on your card for your stay, but ${
          hold.authentication ? 'your bank asked you to confirm it' : 'your bank declined it'
        }. Your booking is still confirmed. Please authorise it on your booking page: your access code is sent once it is in place.`,
      ),
      stayRows(stay),
      button(`Authorise the deposit of ${amount}`, depositUrl(stay, site.siteUrl)),
      p('Any trouble? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

export function ownerDamageHoldFailed(
  stay: HoldStay,
  hold: { amountPence: number; authentication: boolean; lastError: string | null },
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Damage deposit not held: ${stay.contactName}, ${dates(stay)}`,
    preheader: 'The guest has been sent a link to authorise it. Nothing is cancelled.',
    heading: 'Holding a damage deposit failed',
    blocks: [
      p(
        hold.authentication
          ? `The guest's bank asked for authentication, so the damage deposit of ${formatGbp(hold.amountPence)} could not be held automatically.`
          : `The guest's card was declined for the damage deposit of ${formatGbp(hold.amountPence)}${hold.lastError ? `: ${hold.lastError}` : '.'}`,
        ' The guest has been sent a link to authorise it on their booking page; their access code waits for it. Nothing is cancelled.',
      ),
      stayRows(stay),
      rows({ label: 'Guest', value: `${stay.contactName} (${stay.contactEmail})` }),
      button(
        'Open this booking in the admin area',
        `${site.siteUrl}/admin?booking=${encodeURIComponent(stay.id)}`,
      ),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** Before the second hold of a stay too long for one: the guest is told it will be held once more. */
export function guestDamageHoldRenewal(
  stay: HoldStay,
  hold: { amountPence: number; renewOn: string; releaseOn: string },
  site: MessageSite,
): RenderedMessage {
  const amount = formatGbp(hold.amountPence);
  return renderMessage({
    subject: `Your damage deposit will be held once more on ${formatLongDate(hold.renewOn)}`,
    preheader: `Banks let a hold last only a few days, so ${amount} is held again and the first hold released.`,
    heading: 'Your damage deposit is renewed',
    blocks: [
      p(
        `Dear ${firstName(stay.contactName)}, banks let a hold on a card last only a few days, so on ${formatLongDate(hold.renewOn)} we will hold the damage deposit of ${amount} on your card once more and then release the first hold. For a short while your bank may show both. No money is taken, and the deposit is released on ${formatLongDate(hold.releaseOn)} unless we find damage.`,
      ),
      stayRows(stay),
      button('Your booking', depositUrl(stay, site.siteUrl)),
      p('Any questions? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

/** The owner claimed part (or all) of the deposit: what, why, and what goes back. */
export function guestDamageHoldClaimed(
  stay: HoldStay,
  claim: { amountPence: number; claimedPence: number; reason: string; method: 'hold' | 'charge' },
  site: MessageSite,
): RenderedMessage {
  const rest = claim.amountPence - claim.claimedPence;
  const restSentence =
    rest <= 0
      ? 'The whole deposit has been kept.'
      : claim.method === 'charge'
        ? `The other ${formatGbp(rest)} has been refunded to your card; refunds take 5–10 working days to reach your account.`
        : `The other ${formatGbp(rest)} has been released from your card.`;
  return renderMessage({
    subject: `Your damage deposit: ${formatGbp(claim.claimedPence)} kept for your stay at ${PROPERTY_NAME}`,
    preheader: `${formatGbp(claim.claimedPence)} of your ${formatGbp(claim.amountPence)} deposit has been kept.`,
    heading: 'About your damage deposit',
    blocks: [
      p(
        `Dear ${firstName(stay.contactName)}, after your stay we have kept ${formatGbp(claim.claimedPence)} of your damage deposit of ${formatGbp(claim.amountPence)}, for this reason:`,
      ),
      p(claim.reason),
      p(restSentence, ' Your receipt for the amount kept is attached.'),
      stayRows(stay),
      p('Questions? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}
