import { bookingReference } from '../../domain/booking-reference.ts';
import { daysBetween, type IsoDate, timeOnPropertyClock, todayOnPropertyClock } from '../../domain/dates.ts';
import { formatDayMonthYear, formatGbp, formatLongDate } from '../../domain/format.ts';
import { balancePaymentUrl } from '../../domain/payment-schedule.ts';
import { CHECK_IN_TIME, CHECK_OUT_TIME, PROPERTY_NAME } from '../../domain/property.ts';
import { REFUND_PROCESSING_FEE_PENCE, refundRule } from '../../domain/refunds.ts';
import type { stays } from '../db/schema.ts';
import type { LevyReturnTotals } from '../notifications/events.ts';
import {
  button,
  h,
  link,
  list,
  type MessageBody,
  mailto,
  p,
  type RenderedMessage,
  renderMessage,
  rows,
} from './layout.ts';
import { manageBookingUrl } from './stay-calendar.ts';

/**
 * Every e-mail the site sends, in the site's voice. Pure functions of the stored stay (its pence, as charged) and
 * the site's addresses; `npm run email:preview` writes each one to files to look at. A booking is named by its
 * short reference ('TWR-8D38-6281'); its long id appears only inside links.
 */

export type BookingDetails = Pick<
  typeof stays.$inferSelect,
  | 'id'
  | 'checkIn'
  | 'checkOut'
  | 'guestCount'
  | 'contactName'
  | 'contactEmail'
  | 'contactPhone'
  | 'specialRequests'
  | 'accommodationPence'
  | 'cleaningFeePence'
  | 'serviceFeePence'
  | 'totalPence'
  | 'paidPence'
  | 'source'
  | 'manageKey'
> &
  Partial<
    Pick<
      typeof stays.$inferSelect,
      | 'discountPence'
      | 'levyPence'
      | 'scheduleKind'
      | 'depositPence'
      | 'balancePence'
      | 'balanceDueOn'
      | 'balanceLastError'
      | 'balanceFailureCode'
    >
  >;

/** What the arrival e-mail says besides the stay: the owner's standing instructions and this stay's code. */
export type ArrivalDetails = {
  checkInInstructions: string;
  accessCode: string;
  /** The house's full address (Property tab); absent when the owner has not given the street. */
  address?: string | null;
};

/** What the guest asked for on the manage page. */
export type ChangeRequestDetails = { checkIn: IsoDate; checkOut: IsoDate; message: string };

export type MessageSite = { siteUrl: string; siteEmail: string };

export type CalendarConflictDetails = { sourceId: string; uid: string; checkIn: IsoDate; checkOut: IsoDate };
export type FeedProblem = { sourceId: string; reason: string };

const GUEST_SIGN_OFF = ['With warm wishes,', 'The owners of The Tower'];
const OWNER_SIGN_OFF = ['— The Tower website'];
const REFUND_DAYS = '5–10 working days';

const CHANNEL_NAMES: Record<string, string> = { airbnb: 'Airbnb', booking: 'Booking.com' };
export const channelName = (sourceId: string) => CHANNEL_NAMES[sourceId] ?? sourceId;

const joinAnd = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';
const dateRange = (stay: { checkIn: IsoDate; checkOut: IsoDate }) =>
  `${formatDayMonthYear(stay.checkIn)} – ${formatDayMonthYear(stay.checkOut)}`;

function stayRows(stay: BookingDetails) {
  return rows(
    { label: 'Booking reference', value: bookingReference(stay.id) },
    { label: 'Check-in', value: `${formatLongDate(stay.checkIn)}, from ${CHECK_IN_TIME.label}` },
    { label: 'Check-out', value: `${formatLongDate(stay.checkOut)}, by ${CHECK_OUT_TIME.label}` },
    { label: 'Nights', value: String(daysBetween(stay.checkIn, stay.checkOut)) },
    { label: 'Guests', value: String(stay.guestCount) },
  );
}

function priceRows(stay: BookingDetails) {
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const discountPence = stay.discountPence ?? 0;
  const levyPence = stay.levyPence ?? 0;
  return rows(
    {
      label: `Accommodation (${plural(nights, 'night')})`,
      value: formatGbp(stay.accommodationPence + discountPence),
    },
    ...(discountPence > 0 ? [{ label: 'Discounts', value: `−${formatGbp(discountPence)}` }] : []),
    { label: 'Cleaning fee', value: formatGbp(stay.cleaningFeePence) },
    { label: 'Service fee', value: formatGbp(stay.serviceFeePence) },
    ...(levyPence > 0 ? [{ label: 'Visitor levy', value: formatGbp(levyPence) }] : []),
    { label: 'Total', value: formatGbp(stay.totalPence), strong: true },
  );
}

/** The payment schedule of a deposit booking: what was charged at booking, what is charged when, to which card. */
export function scheduleSentence(stay: BookingDetails): string | null {
  if (stay.scheduleKind !== 'deposit' || !stay.balanceDueOn) return null;
  return `You paid a deposit of ${formatGbp(stay.depositPence ?? 0)} today. The balance of ${formatGbp(stay.balancePence ?? 0)} will be charged on ${formatLongDate(stay.balanceDueOn)} to the card you paid with, which we keep for that charge only.`;
}

function scheduleRows(stay: BookingDetails) {
  if (stay.scheduleKind !== 'deposit' || !stay.balanceDueOn) return [];
  return [
    rows(
      { label: 'Deposit paid', value: formatGbp(stay.depositPence ?? 0) },
      {
        label: `Balance, charged ${formatDayMonthYear(stay.balanceDueOn)}`,
        value: formatGbp(stay.balancePence ?? 0),
        strong: true,
      },
    ),
    p(scheduleSentence(stay) ?? ''),
  ];
}

function guestRows(stay: BookingDetails) {
  return rows(
    { label: 'Guest', value: stay.contactName },
    { label: 'E-mail', value: stay.contactEmail || '—' },
    { label: 'Phone', value: stay.contactPhone || '—' },
    { label: 'Special requests', value: stay.specialRequests || '—' },
  );
}

/** The cancellation table of the terms, from the same rule the refunds use. */
function cancellationPolicy(site: MessageSite, stay: BookingDetails) {
  const rules = [31, 14, 7, 1, 0].map((days) => refundRule(days).label.replace(/(\d+)%$/, '$1% refund'));
  return [
    h('Cancellation policy'),
    list(
      ...rules,
      `The cleaning fee is refunded only when you cancel more than 30 days before check-in, and ${formatGbp(REFUND_PROCESSING_FEE_PENCE)} is deducted from every refund to cover processing.`,
      `Refunds reach your card within ${REFUND_DAYS}.`,
    ),
    p(
      'The full terms are at ',
      link(`${site.siteUrl}/terms-and-conditions`, `${site.siteUrl}/terms-and-conditions`),
      '. To cancel, open ',
      link(manageBookingUrl(stay, site.siteUrl), 'your booking'),
      ', reply to this e-mail or write to ',
      mailto(site.siteEmail),
      '.',
    ),
  ];
}

/** The admin area, opened on this booking (its list searched for the booking's reference) when there is one. */
const adminLink = (site: MessageSite, stay?: Pick<BookingDetails, 'id'>) =>
  stay
    ? button(
        'Open this booking in the admin area',
        `${site.siteUrl}/admin?booking=${encodeURIComponent(stay.id)}`,
      )
    : button('Open the admin area', `${site.siteUrl}/admin`);

/**
 * The confirmation. `checkInSteps` names the steps the owner requires before arrival (docs/decisions/
 * 025-online-check-in.md); with any, the guest is invited to check in online on their booking page.
 */
export function guestBookingConfirmed(
  stay: BookingDetails,
  site: MessageSite,
  checkInSteps: string[] = [],
): RenderedMessage {
  const body: MessageBody = {
    subject: `Your stay at ${PROPERTY_NAME} is confirmed (${dateRange(stay)})`,
    preheader: `Booking reference ${bookingReference(stay.id)}. We look forward to welcoming you to Aberdeen.`,
    heading: `Thank you, ${firstName(stay.contactName)} — your stay is confirmed`,
    blocks: [
      p(
        `We are delighted you have chosen ${PROPERTY_NAME}, and we look forward to welcoming you to our converted church penthouse in the heart of Aberdeen. Your booking is confirmed${stay.paidPence > 0 ? ' and paid' : ''}; here are the details to keep.`,
      ),
      h('Your stay'),
      stayRows(stay),
      button('Manage your booking', manageBookingUrl(stay, site.siteUrl)),
      p(
        'The page shows your booking and lets you add it to your calendar, ask for other dates or cancel, at any time. Keep the link to yourself: it opens your booking without a password.',
      ),
      h('Your payment'),
      priceRows(stay),
      ...scheduleRows(stay),
      h('What happens next'),
      list(
        ...(checkInSteps.length > 0
          ? [
              [
                `Check in online before you arrive: complete ${joinAnd(checkInSteps)} on `,
                link(manageBookingUrl(stay, site.siteUrl), 'your booking page'),
                '. Your access code is sent once it is done.',
              ],
            ]
          : []),
        `Your check-in instructions and access codes arrive by e-mail 24 hours before you arrive. Check-in is from ${CHECK_IN_TIME.label} and check-out is by ${CHECK_OUT_TIME.label}.`,
        'The attached calendar file adds your stay to your phone or computer calendar.',
        ['Any questions, or anything we can arrange for you? Write to us at ', mailto(site.siteEmail), '.'],
      ),
      ...cancellationPolicy(site, stay),
    ],
    signOff: GUEST_SIGN_OFF,
  };
  return renderMessage(body);
}

export function ownerBookingConfirmed(stay: BookingDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `New booking: ${stay.contactName}, ${dateRange(stay)} (${formatGbp(stay.totalPence)})`,
    preheader: `${stay.contactName} booked ${plural(daysBetween(stay.checkIn, stay.checkOut), 'night')}.`,
    heading: 'A new booking is confirmed',
    blocks: [
      p(
        stay.source === 'owner'
          ? 'A booking you made in the admin area is now confirmed.'
          : `${stay.contactName} has booked and paid online. The nights are blocked on the site and in the exported calendar.`,
      ),
      stayRows(stay),
      guestRows(stay),
      priceRows(stay),
      ...(stay.scheduleKind === 'deposit' && stay.balanceDueOn
        ? [
            p(
              `Deposit ${formatGbp(stay.depositPence ?? 0)} paid; the balance of ${formatGbp(stay.balancePence ?? 0)} is charged automatically on ${formatLongDate(stay.balanceDueOn)}.`,
            ),
          ]
        : []),
      p(
        "The guest's arrival e-mail, with your check-in instructions and the access code, goes by itself 24 hours before check-in. Set this stay's own code on the booking in the admin area, or the default code is sent; you are told 36 hours before arrival if there is none.",
      ),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

function refundSentence(refundPence: number): string {
  return refundPence > 0
    ? `We are refunding ${formatGbp(refundPence)} to the card you paid with; it should reach you within ${REFUND_DAYS}.`
    : 'Under our cancellation policy no refund is due for this cancellation.';
}

export function guestBookingCanceled(
  stay: BookingDetails,
  refundPence: number,
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Your booking at ${PROPERTY_NAME} is cancelled (${dateRange(stay)})`,
    preheader:
      refundPence > 0
        ? `A refund of ${formatGbp(refundPence)} is on its way.`
        : `Booking reference ${bookingReference(stay.id)}.`,
    heading: `Your booking is cancelled`,
    blocks: [
      p(
        `Dear ${firstName(stay.contactName)}, your booking for ${formatLongDate(stay.checkIn)} to ${formatLongDate(stay.checkOut)} (reference ${bookingReference(stay.id)}) has been cancelled.`,
      ),
      rows(
        { label: 'Amount paid', value: formatGbp(stay.paidPence || stay.totalPence) },
        { label: 'Refund', value: formatGbp(refundPence), strong: true },
      ),
      p(refundSentence(refundPence)),
      p(
        "We are sorry we won't see you this time, and we would love to welcome you another time. If anything here looks wrong, please write to us at ",
        mailto(site.siteEmail),
        '.',
      ),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

export function ownerBookingCanceled(
  stay: BookingDetails,
  refundPence: number,
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Booking cancelled: ${stay.contactName}, ${dateRange(stay)}`,
    preheader: `Refund ${formatGbp(refundPence)}. The nights are free again.`,
    heading: 'A booking was cancelled',
    blocks: [
      p(`The booking of ${stay.contactName} is cancelled and its nights are free again.`),
      stayRows(stay),
      guestRows(stay),
      rows(
        { label: 'Total', value: formatGbp(stay.totalPence) },
        { label: 'Paid', value: formatGbp(stay.paidPence) },
        { label: 'Refund to the guest', value: formatGbp(refundPence), strong: true },
      ),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

export function guestPaymentRefundedNightsTaken(
  stay: BookingDetails,
  refundPence: number,
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `We could not confirm your booking at ${PROPERTY_NAME} — full refund`,
    preheader: `Your payment of ${formatGbp(refundPence)} is being refunded in full.`,
    heading: 'We are so sorry: those nights were taken',
    blocks: [
      p(
        `Dear ${firstName(stay.contactName)}, your payment arrived after the hold on your dates (${formatLongDate(stay.checkIn)} to ${formatLongDate(stay.checkOut)}) had lapsed, and in the meantime another guest booked some of those nights. We cannot confirm your booking, so we are refunding your payment in full.`,
      ),
      rows(
        { label: 'Booking reference', value: bookingReference(stay.id) },
        { label: 'Refund', value: formatGbp(refundPence), strong: true },
      ),
      p(`The refund should reach the card you paid with within ${REFUND_DAYS}. Nothing is deducted.`),
      p(
        'We would love to find you other dates: have a look at the calendar on ',
        link(site.siteUrl, site.siteUrl),
        ' or write to us at ',
        mailto(site.siteEmail),
        " and we'll help.",
      ),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

export function ownerPaymentRefundedNightsTaken(
  stay: BookingDetails,
  refundPence: number,
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Payment refunded, nights taken: ${stay.contactName}, ${dateRange(stay)}`,
    preheader: `${formatGbp(refundPence)} refunded in full; the guest has been told.`,
    heading: 'A late payment was refunded',
    blocks: [
      p(
        `${stay.contactName} paid after their hold lapsed, and the nights had been taken in the meantime. The payment was refunded in full and the guest has been told by e-mail. You may wish to offer them other dates.`,
      ),
      stayRows(stay),
      guestRows(stay),
      rows({ label: 'Refunded', value: formatGbp(refundPence), strong: true }),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

export function ownerCalendarConflict(
  conflict: CalendarConflictDetails,
  stay: BookingDetails | undefined,
  site: MessageSite,
): RenderedMessage {
  const channel = channelName(conflict.sourceId);
  return renderMessage({
    subject: `Calendar conflict: ${channel} booking overlaps a direct booking (${dateRange(conflict)})`,
    preheader: `Check ${channel} now: the same nights may be sold twice.`,
    heading: `${channel} and a direct booking overlap`,
    blocks: [
      p(
        `The latest import of the ${channel} calendar has a booking for ${formatLongDate(conflict.checkIn)} to ${formatLongDate(conflict.checkOut)}, and those nights overlap a confirmed direct booking. Please check ${channel} and sort it out with the guests before anyone travels.`,
      ),
      h(`${channel} event`),
      rows(
        { label: 'Check-in', value: formatLongDate(conflict.checkIn) },
        { label: 'Check-out', value: formatLongDate(conflict.checkOut) },
        { label: 'Event id', value: conflict.uid },
      ),
      ...(stay ? [h('Direct booking'), stayRows(stay), guestRows(stay)] : []),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

export function ownerFeedUnhealthy(feed: FeedProblem, site: MessageSite): RenderedMessage {
  const channel = channelName(feed.sourceId);
  return renderMessage({
    subject: `Calendar sync needs a look: ${channel}`,
    preheader: `The ${channel} calendar could not be trusted on the last sync.`,
    heading: `The ${channel} calendar sync needs a look`,
    blocks: [
      p(`Something is wrong with the ${channel} calendar feed:`),
      p(feed.reason),
      p(
        `Until it is fixed, nights booked on ${channel} may not be blocked on this site. Check the iCal URL on the calendar sync page and run a sync by hand.`,
      ),
      button('Open calendar sync', `${site.siteUrl}/admin/calendar-sync`),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** 24 hours before check-in: how to get in, with this stay's access code. */
export function guestArrival(
  stay: BookingDetails,
  arrival: ArrivalDetails,
  site: MessageSite,
): RenderedMessage {
  const instructions = arrival.checkInInstructions
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return renderMessage({
    subject: `Your arrival at ${PROPERTY_NAME} tomorrow: check-in instructions`,
    preheader: `Check-in from ${CHECK_IN_TIME.label} on ${formatLongDate(stay.checkIn)}. Your access code is inside.`,
    heading: `Welcome tomorrow, ${firstName(stay.contactName)}`,
    blocks: [
      p(
        `We are looking forward to welcoming you to ${PROPERTY_NAME}. Here is everything you need to let yourselves in.`,
      ),
      rows(
        { label: 'Booking reference', value: bookingReference(stay.id) },
        { label: 'Check-in', value: `${formatLongDate(stay.checkIn)}, from ${CHECK_IN_TIME.label}` },
        { label: 'Check-out', value: `${formatLongDate(stay.checkOut)}, by ${CHECK_OUT_TIME.label}` },
        ...(arrival.address ? [{ label: 'Address', value: arrival.address }] : []),
        {
          label: 'Access code',
          value: arrival.accessCode || 'We will send it to you separately.',
          strong: true,
        },
      ),
      h('Check-in instructions'),
      ...(instructions.length > 0
        ? instructions.map((paragraph) => p(paragraph))
        : [p('Write to us if anything is unclear: we are happy to help.')]),
      button('Your booking', manageBookingUrl(stay, site.siteUrl)),
      p('Anything we can do before you arrive? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

/**
 * 24 hours before check-in when a step the owner requires is still open (docs/decisions/025-online-check-in.md):
 * what is missing and where to do it; the access code follows the moment it is done.
 */
export function guestArrivalStepsMissing(
  stay: BookingDetails,
  missing: string[],
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Your arrival at ${PROPERTY_NAME} tomorrow: check in online for your access code`,
    preheader: `Complete ${joinAnd(missing)} and your access code comes straight away.`,
    heading: `Welcome tomorrow, ${firstName(stay.contactName)}`,
    blocks: [
      p(
        `We are looking forward to welcoming you to ${PROPERTY_NAME}. Before we can send your access code, please complete online:`,
      ),
      list(...missing.map((step) => `${step[0]?.toUpperCase()}${step.slice(1)}`)),
      button('Check in online', manageBookingUrl(stay, site.siteUrl)),
      p('Your access code and check-in instructions come by e-mail the moment it is done.'),
      rows(
        { label: 'Booking reference', value: bookingReference(stay.id) },
        { label: 'Check-in', value: `${formatLongDate(stay.checkIn)}, from ${CHECK_IN_TIME.label}` },
      ),
      p('Any trouble? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

/** 72 and 48 hours before check-in, while a required step is open: a reminder to check in online. */
export function guestCheckInReminder(
  stay: BookingDetails,
  missing: string[],
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Check in online before your stay at ${PROPERTY_NAME} (${formatDayMonthYear(stay.checkIn)})`,
    preheader: `Your access code is sent once you have completed ${joinAnd(missing)}.`,
    heading: `Your stay is nearly here, ${firstName(stay.contactName)}`,
    blocks: [
      p(
        `You arrive on ${formatLongDate(stay.checkIn)}. Your access code is sent once you have completed ${joinAnd(missing)} on your booking page; it takes a couple of minutes.`,
      ),
      button('Check in online', manageBookingUrl(stay, site.siteUrl)),
      p('Any questions? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

/** 36 hours before arrival, when the guest has not done every step the owner requires. */
export function ownerStayNotReady(
  stay: BookingDetails,
  missing: string[],
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Not checked in yet: ${stay.contactName} arrives ${formatDayMonthYear(stay.checkIn)}`,
    preheader: `Missing: ${joinAnd(missing)}.`,
    heading: 'This stay is not ready for its access code',
    blocks: [
      p(
        `${stay.contactName} arrives on ${formatLongDate(stay.checkIn)} and has not completed ${joinAnd(missing)}. Their arrival e-mail, 24 hours before check-in, will ask for it instead of giving the access code, which goes the moment it is done. You may want to contact them.`,
      ),
      stayRows(stay),
      guestRows(stay),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/**
 * The morning after check-out: thanks, and a review asked for on the guest's own booking page (a verified review,
 * docs/decisions/029-reviews.md); the owner's outside review link, when there is one, as a second choice.
 */
export function guestThankYou(stay: BookingDetails, reviewUrl: string, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `Thank you for staying at ${PROPERTY_NAME}`,
    preheader: 'We hope you enjoyed your stay in Aberdeen.',
    heading: `Thank you, ${firstName(stay.contactName)}`,
    blocks: [
      p(
        `Thank you for staying with us at ${PROPERTY_NAME} (booking ${bookingReference(stay.id)}). We hope you had a wonderful time in Aberdeen and a safe journey home.`,
      ),
      p('If you have a moment, a few words about your stay help other guests find us:'),
      button('Write a review', `${manageBookingUrl(stay, site.siteUrl)}#review`),
      ...(reviewUrl ? [p('You can also review us at ', link(reviewUrl, reviewUrl), '.')] : []),
      p(
        'We would love to welcome you again. Book directly at ',
        link(site.siteUrl, site.siteUrl),
        ' or write to us at ',
        mailto(site.siteEmail),
        '.',
      ),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

/** 36 hours before arrival, when the stay has no access code and there is no default code. */
export function ownerAccessCodeMissing(stay: BookingDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `No access code yet: ${stay.contactName} arrives ${formatDayMonthYear(stay.checkIn)}`,
    preheader: 'The arrival e-mail goes in 12 hours; set the access code before then.',
    heading: 'This stay has no access code',
    blocks: [
      p(
        `${stay.contactName} arrives on ${formatLongDate(stay.checkIn)}. Their arrival e-mail goes 24 hours before check-in, and neither the booking nor your settings have an access code for it. Set one on the booking in the admin area, or a default code in the Guest messages tab.`,
      ),
      stayRows(stay),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** 'Ask for a change' on the guest's manage page: the owner decides and answers the guest. */
export function ownerChangeRequest(
  stay: BookingDetails,
  request: ChangeRequestDetails,
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Change requested: ${stay.contactName} would like ${dateRange(request)}`,
    preheader: `Booked ${dateRange(stay)}. Reply to the guest to agree or decline.`,
    heading: 'A guest asks to change their dates',
    blocks: [
      p(
        `${stay.contactName} asks to move their booking. Nothing has changed yet: agree or decline with the guest (${stay.contactEmail || 'no e-mail'}), and move the dates in the admin area if you agree.`,
      ),
      h('Wanted'),
      rows(
        { label: 'Check-in', value: formatLongDate(request.checkIn) },
        { label: 'Check-out', value: formatLongDate(request.checkOut) },
        { label: 'Message', value: request.message || '—' },
      ),
      h('Booked'),
      stayRows(stay),
      guestRows(stay),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

// --- Deposit now, balance later (docs/decisions/016-deposit-now-balance-later.md) ---

function balanceRows(stay: BookingDetails) {
  return rows(
    { label: 'Booking reference', value: bookingReference(stay.id) },
    { label: 'Stay', value: `${formatLongDate(stay.checkIn)} to ${formatLongDate(stay.checkOut)}` },
    { label: 'Total', value: formatGbp(stay.totalPence) },
    { label: 'Paid so far', value: formatGbp(stay.paidPence) },
    { label: 'Balance due', value: formatGbp(stay.balancePence ?? 0), strong: true },
  );
}

/** Why the charge failed, in the guest's words. */
function failureSentence(stay: BookingDetails): string {
  return stay.balanceFailureCode === 'authentication_required'
    ? 'your bank asked for you to confirm the payment yourself, which cannot happen while you are away from the page'
    : `your card was declined${stay.balanceLastError ? ` (“${stay.balanceLastError}”)` : ''}`;
}

export function guestBalancePaid(stay: BookingDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `Receipt: balance paid for your stay at ${PROPERTY_NAME} (${dateRange(stay)})`,
    preheader: `${formatGbp(stay.balancePence ?? 0)} received. Your stay is paid in full.`,
    heading: 'Your stay is paid in full',
    blocks: [
      p(
        `Dear ${firstName(stay.contactName)}, we have received the balance of ${formatGbp(stay.balancePence ?? 0)} for your stay. Nothing more is due.`,
      ),
      rows(
        { label: 'Booking reference', value: bookingReference(stay.id) },
        { label: 'Stay', value: `${formatLongDate(stay.checkIn)} to ${formatLongDate(stay.checkOut)}` },
        { label: 'Deposit', value: formatGbp(stay.depositPence ?? 0) },
        { label: 'Balance', value: formatGbp(stay.balancePence ?? 0) },
        { label: 'Paid in full', value: formatGbp(stay.paidPence), strong: true },
      ),
      button('Your booking', manageBookingUrl(stay, site.siteUrl)),
      p('Any questions? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

export function ownerBalancePaid(stay: BookingDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `Balance paid: ${stay.contactName}, ${dateRange(stay)} (${formatGbp(stay.balancePence ?? 0)})`,
    preheader: 'The booking is paid in full.',
    heading: 'A balance was paid',
    blocks: [
      p(`The balance of ${stay.contactName}'s booking was paid: it is paid in full.`),
      balanceRows(stay),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** The guest's e-mail with the link to pay the balance: after a failed charge, a reminder, or sent by the owner. */
export function guestBalancePaymentLink(
  stay: BookingDetails,
  site: MessageSite,
  reason: 'failed' | 'reminder' | 'owner',
): RenderedMessage {
  const url = balancePaymentUrl(site.siteUrl, stay.id);
  const amount = formatGbp(stay.balancePence ?? 0);
  const opening =
    reason === 'failed'
      ? `Dear ${firstName(stay.contactName)}, we tried to charge the balance of ${amount} for your stay today, but ${failureSentence(stay)}. Your booking is still confirmed; please pay the balance with the link below.`
      : reason === 'reminder'
        ? `Dear ${firstName(stay.contactName)}, a reminder: the balance of ${amount} for your stay is still unpaid. Your booking is still confirmed; please pay the balance with the link below.`
        : `Dear ${firstName(stay.contactName)}, here is the link to pay the balance of ${amount} for your stay.`;
  return renderMessage({
    subject:
      reason === 'reminder'
        ? `Reminder: please pay the balance for your stay at ${PROPERTY_NAME}`
        : `Please pay the balance for your stay at ${PROPERTY_NAME} (${dateRange(stay)})`,
    preheader: `${amount} is due. Pay it securely on our checkout page.`,
    heading: 'Your balance is due',
    blocks: [
      p(opening),
      balanceRows(stay),
      button(`Pay the balance of ${amount}`, url),
      p('The link opens our secure checkout page: ', link(url, url)),
      p('Questions, or would you rather pay another way? Write to us at ', mailto(site.siteEmail), '.'),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}

export function ownerBalanceFailed(stay: BookingDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `Balance not paid: ${stay.contactName}, ${dateRange(stay)}`,
    preheader: 'The guest has been sent a link to pay it.',
    heading: 'Charging a balance failed',
    blocks: [
      p(
        stay.balanceFailureCode === 'authentication_required'
          ? `The guest's bank asked for authentication, so the balance could not be charged automatically.`
          : `The guest's card was declined${stay.balanceLastError ? `: ${stay.balanceLastError}` : ''}.`,
        ' The guest has been sent a link to pay on the checkout page, with reminders after 2 and 5 days.',
      ),
      balanceRows(stay),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

export function ownerBalanceUnpaid(stay: BookingDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `Decide: balance still unpaid a week before arrival (${stay.contactName}, ${dateRange(stay)})`,
    preheader: 'Nothing is cancelled automatically.',
    heading: 'A balance is still unpaid',
    blocks: [
      p(
        `The balance of ${stay.contactName}'s booking is still unpaid a week before arrival. Decide whether to cancel under the terms or to wait: nothing is cancelled automatically.`,
      ),
      balanceRows(stay),
      adminLink(site, stay),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** An alert's episode (docs/decisions/023-alerts.md): what is wrong, in a sentence and in more words, since when. */
export type AlertDetails = { summary: string; detail: string; openedAt: Date };

const moment = (at: Date) => `${formatLongDate(todayOnPropertyClock(at))} at ${timeOnPropertyClock(at)}`;
const systemTab = (site: MessageSite) => button('Open the System tab', `${site.siteUrl}/admin?tab=system`);

/** A condition the owner must look at started: one e-mail per episode, however long it lasts. */
export function ownerAlertOpened(alert: AlertDetails, site: MessageSite): RenderedMessage {
  return renderMessage({
    subject: `The Tower website needs a look: ${alert.summary}`,
    preheader: alert.detail,
    heading: 'Your website needs a look',
    blocks: [
      p(alert.summary),
      p(alert.detail),
      p(
        `Noticed on ${moment(alert.openedAt)}. You will get one more e-mail when it is resolved, however long that takes; until then the System tab lists it.`,
      ),
      systemTab(site),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** That condition cleared. */
export function ownerAlertResolved(
  alert: AlertDetails & { resolvedAt: Date },
  site: MessageSite,
): RenderedMessage {
  return renderMessage({
    subject: `Resolved: ${alert.summary}`,
    preheader: `Fine again since ${moment(alert.resolvedAt)}.`,
    heading: 'Resolved',
    blocks: [
      p(`This is fine again since ${moment(alert.resolvedAt)}:`),
      p(alert.summary),
      p(`It was first noticed on ${moment(alert.openedAt)}.`),
      systemTab(site),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** A quarter of the visitor levy closed: its figures, and where to download the return (docs/decisions/027). */
export function ownerLevyReturnDue(levy: LevyReturnTotals, site: MessageSite): RenderedMessage {
  const period = `${formatLongDate(levy.from)} to ${formatLongDate(levy.to)}`;
  return renderMessage({
    subject: `Visitor levy return for ${levy.quarter}: ${formatGbp(levy.netDuePence)} due`,
    preheader: `The quarter from ${period} has closed.`,
    heading: 'Your visitor levy return is due',
    blocks: [
      p(`The quarter ${levy.quarter}, ${period}, has closed. From your bookings:`),
      list(
        `Liable stays: ${levy.liableStays}`,
        `Levy charged: ${formatGbp(levy.levyChargedPence)}`,
        `Levy refunded on cancellations: ${formatGbp(levy.levyRefundedPence)}`,
        `Net due: ${formatGbp(levy.netDuePence)}`,
      ),
      p('The Reports tab lists the stays and downloads the return as a CSV for the council.'),
      button('Open the Reports tab', `${site.siteUrl}/admin?tab=reports`),
    ],
    signOff: OWNER_SIGN_OFF,
  });
}

/** What a follow-up of a lapsed checkout offers (docs/decisions/032-checkout-follow-ups.md). */
export type CheckoutFollowUpDetails = {
  contactName: string;
  checkIn: IsoDate;
  checkOut: IsoDate;
  guestCount: number;
  /** Today's price of those nights by the owner's plan, not the one they saw. */
  totalPence: number;
  /** Opens the booking card on those dates. */
  bookUrl: string;
  /** Stops every later follow-up to this address, in one click. */
  optOutUrl: string;
};

/** About an hour after a guest's hold lapsed unpaid, once, while the nights are still free. */
export function guestCheckoutFollowUp(details: CheckoutFollowUpDetails, site: MessageSite): RenderedMessage {
  const nights = daysBetween(details.checkIn, details.checkOut);
  return renderMessage({
    subject: `Your dates at ${PROPERTY_NAME} are still free`,
    preheader: `${dateRange(details)}: ${nights} nights, ${formatGbp(details.totalPence)} today.`,
    heading: 'Your dates are still free',
    blocks: [
      p(
        `Dear ${firstName(details.contactName)}, you started booking ${PROPERTY_NAME} but the payment was not completed, so nothing was charged and the dates were released. They are still free today:`,
      ),
      rows(
        { label: 'Check-in', value: formatLongDate(details.checkIn) },
        { label: 'Check-out', value: formatLongDate(details.checkOut) },
        { label: 'Guests', value: String(details.guestCount) },
        { label: `Price today (${nights} nights)`, value: formatGbp(details.totalPence), strong: true },
      ),
      button('Book these dates', details.bookUrl),
      p(
        'The dates are not held for you: they go to whoever books first. Questions, or trouble paying? Write to us at ',
        mailto(site.siteEmail),
        '.',
      ),
      p(
        'This is the only reminder we send about it. Rather not get such reminders? ',
        link('Stop them with one click', details.optOutUrl),
        '.',
      ),
    ],
    signOff: GUEST_SIGN_OFF,
  });
}
