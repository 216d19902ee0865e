import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../domain/booking-reference.ts';
import { guestBalancePaymentLink, guestBookingConfirmed, ownerBookingConfirmed } from './messages.ts';
import { MESSAGE_KINDS } from './notifications.ts';
import { previewMessages, SAMPLE_STAY } from './preview.ts';
import { propertyLocalInstant, stayCalendarFile } from './stay-calendar.ts';

const site = { siteUrl: 'https://thetower.example', siteEmail: 'stay@thetower.example' };

describe('e-mail messages', () => {
  it('has a preview, with an HTML and a plain-text part, for every kind of message the outbox holds', () => {
    const previews = previewMessages(site, new Date('2026-11-23T10:00:00Z'));
    // A kind may be shown in more than one variant ('guest.booking_confirmed (deposit)').
    const kinds = new Set(previews.map((p) => p.kind.replace(/ \(.*\)$/, '')));
    expect([...kinds].sort()).toEqual(Object.values(MESSAGE_KINDS).sort());
    for (const { message } of previews) {
      expect(message.subject.length).toBeGreaterThan(10);
      expect(message.html).toMatch(/^<!doctype html>/);
      expect(message.text.trim().length).toBeGreaterThan(50);
      expect(message.text).not.toMatch(/<[a-z]/i);
    }
  });

  it('escapes what a guest typed in the HTML part and keeps it verbatim in the text part', () => {
    const stay = {
      ...SAMPLE_STAY,
      contactName: 'Eve <script>alert(1)</script>',
      specialRequests: '<img src=x onerror=alert(1)> & "quotes"',
    };
    const owner = ownerBookingConfirmed(stay, site);
    expect(owner.html).not.toContain('<script>');
    expect(owner.html).not.toContain('<img');
    expect(owner.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(owner.html).toContain('&amp; &quot;quotes&quot;');
    expect(owner.text).toContain('<img src=x onerror=alert(1)> & "quotes"');
    expect(guestBookingConfirmed(stay, site).html).not.toContain('<script>');
  });

  it('names the booking by its short reference in every message about one; its long id only inside links', () => {
    const reference = bookingReference(SAMPLE_STAY.id);
    const previews = previewMessages(site, new Date('2026-11-23T10:00:00Z'));
    // The owner's notices about the site rather than a booking: a feed's health, an alert and its end; and the
    // follow-up of a checkout that never became a booking (its guest was never given a reference).
    const aboutTheSite: string[] = [
      MESSAGE_KINDS.ownerFeedUnhealthy,
      MESSAGE_KINDS.ownerAlertOpened,
      MESSAGE_KINDS.ownerAlertResolved,
      MESSAGE_KINDS.ownerLevyReturnDue,
      MESSAGE_KINDS.guestCheckoutFollowUp,
    ];
    const aboutAStay = previews.filter((p) => !aboutTheSite.includes(p.kind));
    expect(aboutAStay).toHaveLength(previews.length - aboutTheSite.length);
    for (const { kind, message, attachments } of aboutAStay) {
      for (const part of [message.text, message.html, ...attachments.map((a) => a.content)]) {
        expect(part, kind).toContain(reference);
        const withoutLinks = part.replace(/https?:\/\/\S+?(?=["\s)<]|$)/g, '').replace(/UID:\S+/g, '');
        expect(withoutLinks, kind).not.toContain(SAMPLE_STAY.id);
      }
    }
    const guest = guestBookingConfirmed(SAMPLE_STAY, site);
    expect(guest.text).toContain(
      `Manage your booking: https://thetower.example/booking/${reference}?key=${SAMPLE_STAY.manageKey}`,
    );
    expect(ownerBookingConfirmed(SAMPLE_STAY, site).text).toContain(
      `Open this booking in the admin area: https://thetower.example/admin?booking=${SAMPLE_STAY.id}`,
    );
  });

  it("links the guest's confirmation to the site's own terms and contact address", () => {
    const { html, text } = guestBookingConfirmed(SAMPLE_STAY, site);
    expect(html).toContain('href="https://thetower.example/terms-and-conditions"');
    expect(html).toContain('href="mailto:stay@thetower.example"');
    expect(text).toContain('https://thetower.example/terms-and-conditions');
  });
});

describe('e-mails of a deposit booking (deposit now, balance later)', () => {
  const deposit = {
    ...SAMPLE_STAY,
    scheduleKind: 'deposit' as const,
    depositPence: 25_830,
    balancePence: 60_270,
    balanceDueOn: '2026-10-28',
    paidPence: 25_830,
  };

  it('the confirmation states the schedule: the deposit paid, the balance, its date and the card', () => {
    const { text } = guestBookingConfirmed(deposit, site);
    expect(text).toContain(
      'You paid a deposit of £258.30 today. The balance of £602.70 will be charged on Wednesday 28 October 2026 to the card you paid with',
    );
    expect(guestBookingConfirmed(SAMPLE_STAY, site).text).not.toContain('deposit');
  });

  it("the balance e-mail links to the booking's checkout page, which takes the balance", () => {
    const { text } = guestBalancePaymentLink(
      { ...deposit, balanceFailureCode: 'card_declined' },
      site,
      'failed',
    );
    expect(text).toContain(`${site.siteUrl}/checkout/${SAMPLE_STAY.id}`);
    expect(text).toContain('£602.70');
  });
});

describe('stayCalendarFile', () => {
  it('places check-in at 4:00 PM and check-out at 11:00 AM Aberdeen time, in summer time too', () => {
    expect(propertyLocalInstant('2027-07-10', 16, 0).toISOString()).toBe('2027-07-10T15:00:00.000Z');
    const ics = stayCalendarFile(
      { ...SAMPLE_STAY, stayId: SAMPLE_STAY.id, checkIn: '2027-07-10', checkOut: '2027-07-13', ...site },
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`${SAMPLE_STAY.id}@thetower.example`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-07-10T15:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-07-13T10:00:00.000Z');
    expect(event.description).toContain(
      `https://thetower.example/booking/${bookingReference(SAMPLE_STAY.id)}?key=${SAMPLE_STAY.manageKey}`,
    );
  });
});
