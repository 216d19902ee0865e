import {
  guestDamageHoldClaimed,
  guestDamageHoldFailed,
  guestDamageHoldRenewal,
  ownerDamageHoldFailed,
} from '../damage-holds/messages.ts';
import {
  type EnquiryDetails,
  guestEnquiryReceived,
  guestQuote,
  ownerEnquiryReceived,
  type QuoteDetails,
} from '../enquiries/messages.ts';
import type { RenderedMessage } from './layout.ts';
import type { BookingDetails, MessageSite } from './messages.ts';
import * as messages from './messages.ts';
import { MESSAGE_KINDS } from './notifications.ts';
import { stayCalendarFile } from './stay-calendar.ts';

/** The online check-in steps a guest has not done yet, as the messages name them. */
const CHECK_IN_STEPS = ['the guest register', 'the house agreement'];

/** A believable stay to show every message with (a Wednesday-to-Saturday stay in December). */
export const SAMPLE_STAY: BookingDetails = {
  id: '5f0c8e2a-7d3b-4c11-9a6e-2b8f4d1e9c70',
  checkIn: '2026-12-09',
  checkOut: '2026-12-12',
  guestCount: 3,
  contactName: 'Fiona MacLeod',
  contactEmail: 'fiona@example.com',
  contactPhone: '+44 7700 900123',
  specialRequests: 'We are celebrating a birthday — any tips for dinner nearby?',
  accommodationPence: 72_500,
  cleaningFeePence: 10_000,
  serviceFeePence: 3_600,
  totalPence: 86_100,
  paidPence: 86_100,
  source: 'web',
  manageKey: '7d2e9a41c05b8f36e1a4d7c29b0f5e83a6c14d72e9b03f58a1d6c4e27b90f3a5',
};

/** What the owner's guest message settings look like once filled in, for the previews. */
export const SAMPLE_GUEST_MESSAGES = {
  checkInInstructions:
    'The Tower is the granite church on Kirk Court; the door is at the foot of the spire.\n\nThe key safe is to the left of the door. Parking is free on the street after 6 PM.',
  accessCode: '4812',
  reviewUrl: 'https://g.page/r/the-tower-aberdeen/review',
};

/** An alert as the owner gets it: the calendar sync failing three times in a row. */
const SAMPLE_ALERT = {
  summary: 'The job "Calendar sync" failed 3 runs in a row.',
  detail: 'Its last run: The calendar feed was not found at www.airbnb.co.uk (HTTP 404).',
  openedAt: new Date('2026-12-01T09:05:00Z'),
};

export type PreviewMessage = {
  kind: string;
  message: RenderedMessage;
  attachments: { filename: string; content: string }[];
};

/** Every message the site sends, once each, for `npm run email:preview` and its test. */
export function previewMessages(
  site: MessageSite,
  now: Date,
  guestMessages: typeof SAMPLE_GUEST_MESSAGES = SAMPLE_GUEST_MESSAGES,
): PreviewMessage[] {
  const stay = SAMPLE_STAY;
  const refundPence = 58_075;
  // The same stay booked with a 30 % deposit, its balance charged 42 days before check-in (decision 016).
  const deposit: BookingDetails = {
    ...stay,
    scheduleKind: 'deposit',
    depositPence: 25_830,
    balancePence: 60_270,
    balanceDueOn: '2026-10-28',
    paidPence: 25_830,
    balanceFailureCode: 'card_declined',
    balanceLastError: 'Your card has insufficient funds.',
  };
  return [
    {
      kind: `${MESSAGE_KINDS.guestBookingConfirmed} (deposit)`,
      message: messages.guestBookingConfirmed(deposit, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestBalancePaid,
      message: messages.guestBalancePaid({ ...deposit, paidPence: 86_100 }, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerBalancePaid,
      message: messages.ownerBalancePaid({ ...deposit, paidPence: 86_100 }, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestBalancePaymentLink,
      message: messages.guestBalancePaymentLink(deposit, site, 'failed'),
      attachments: [],
    },
    {
      kind: `${MESSAGE_KINDS.guestBalancePaymentLink} (reminder)`,
      message: messages.guestBalancePaymentLink(deposit, site, 'reminder'),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerBalanceFailed,
      message: messages.ownerBalanceFailed(deposit, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerBalanceUnpaid,
      message: messages.ownerBalanceUnpaid(deposit, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestBookingConfirmed,
      message: messages.guestBookingConfirmed(stay, site),
      attachments: [
        {
          filename: 'the-tower-stay.ics',
          content: stayCalendarFile({ ...stay, stayId: stay.id, ...site }, now),
        },
      ],
    },
    {
      kind: MESSAGE_KINDS.ownerBookingConfirmed,
      message: messages.ownerBookingConfirmed(stay, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestBookingCanceled,
      message: messages.guestBookingCanceled(stay, refundPence, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerBookingCanceled,
      message: messages.ownerBookingCanceled(stay, refundPence, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestPaymentRefunded,
      message: messages.guestPaymentRefundedNightsTaken(stay, stay.paidPence, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerPaymentRefunded,
      message: messages.ownerPaymentRefundedNightsTaken(stay, stay.paidPence, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerCalendarConflict,
      message: messages.ownerCalendarConflict(
        { sourceId: 'airbnb', uid: 'HMABCD1234@airbnb.com', checkIn: '2026-12-10', checkOut: '2026-12-14' },
        stay,
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestArrival,
      message: messages.guestArrival(
        stay,
        { checkInInstructions: guestMessages.checkInInstructions, accessCode: guestMessages.accessCode },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestThankYou,
      message: messages.guestThankYou(stay, guestMessages.reviewUrl, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerAccessCodeMissing,
      message: messages.ownerAccessCodeMissing(stay, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestArrivalStepsMissing,
      message: messages.guestArrivalStepsMissing(stay, CHECK_IN_STEPS, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestCheckInReminder,
      message: messages.guestCheckInReminder(stay, CHECK_IN_STEPS, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerStayNotReady,
      message: messages.ownerStayNotReady(stay, CHECK_IN_STEPS, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerChangeRequest,
      message: messages.ownerChangeRequest(
        stay,
        { checkIn: '2026-12-16', checkOut: '2026-12-19', message: 'Could we come a week later instead?' },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerFeedUnhealthy,
      message: messages.ownerFeedUnhealthy(
        {
          sourceId: 'booking',
          reason:
            'The feed has not been read successfully for 24 hours (the last attempt answered 403 Forbidden).',
        },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerAlertOpened,
      message: messages.ownerAlertOpened(SAMPLE_ALERT, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerLevyReturnDue,
      message: messages.ownerLevyReturnDue(
        {
          quarter: '2027-Q2',
          from: '2027-04-01',
          to: '2027-06-30',
          liableStays: 12,
          levyChargedPence: 68_425,
          levyRefundedPence: 5_425,
          netDuePence: 63_000,
        },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerAlertResolved,
      message: messages.ownerAlertResolved(
        { ...SAMPLE_ALERT, resolvedAt: new Date(SAMPLE_ALERT.openedAt.getTime() + 2 * 3_600_000) },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestEnquiryReceived,
      message: guestEnquiryReceived(SAMPLE_ENQUIRY, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerEnquiryReceived,
      message: ownerEnquiryReceived(SAMPLE_ENQUIRY, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestQuote,
      message: guestQuote(SAMPLE_QUOTE, `${site.siteUrl}/quote/${SAMPLE_QUOTE.id}?key=sample`, site),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestCheckoutFollowUp,
      message: messages.guestCheckoutFollowUp(
        {
          contactName: stay.contactName,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          guestCount: stay.guestCount,
          totalPence: stay.totalPence,
          bookUrl: `${site.siteUrl}/?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=${stay.guestCount}#booking`,
          optOutUrl: `${site.siteUrl}/api/follow-ups/opt-out?token=sample.token`,
        },
        site,
      ),
      attachments: [],
    },
    // The damage deposit (docs/decisions/031-damage-deposit-hold.md): £200 on the sample stay.
    {
      kind: MESSAGE_KINDS.guestDamageHoldFailed,
      message: guestDamageHoldFailed(
        stay,
        { amountPence: 20_000, method: 'hold', authentication: false },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.ownerDamageHoldFailed,
      message: ownerDamageHoldFailed(
        stay,
        { amountPence: 20_000, authentication: false, lastError: 'Your card has insufficient funds.' },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestDamageHoldRenewal,
      message: guestDamageHoldRenewal(
        stay,
        { amountPence: 20_000, renewOn: '2026-12-12', releaseOn: '2026-12-14' },
        site,
      ),
      attachments: [],
    },
    {
      kind: MESSAGE_KINDS.guestDamageHoldClaimed,
      message: guestDamageHoldClaimed(
        stay,
        {
          amountPence: 20_000,
          claimedPence: 7_550,
          reason: 'A broken lamp in the bell room.',
          method: 'hold',
        },
        site,
      ),
      attachments: [],
    },
  ];
}

/** A corporate day-hire enquiry, and the owner's quote for it. */
const SAMPLE_ENQUIRY: EnquiryDetails = {
  id: 'c7d6a1f0-0000-4000-8000-000000000001',
  kind: 'day_hire',
  dateFrom: '2027-01-20',
  dateTo: null,
  people: 12,
  message:
    'A strategy day for our team of twelve, with lunch brought in. Is the roof terrace open in January?',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '01224 000000',
};
const SAMPLE_QUOTE: QuoteDetails = {
  id: 'c7d6a1f0-0000-4000-8000-000000000002',
  kind: 'day_hire',
  checkIn: '2027-01-20',
  checkOut: '2027-01-21',
  dayHireHours: '09:00–17:00',
  nightBookable: false,
  guestCount: 12,
  contactName: 'Grace Hopper',
  totalPence: 85_000,
  included: 'The whole house from 09:00 to 17:00, the roof terrace, coffee all day and the cleaning.',
  expiresAt: new Date('2026-12-01T18:00:00Z'),
  holdDates: true,
};
