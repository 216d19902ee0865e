import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AdminEnquiry,
  type AdminQuote,
  type EnquiryRequestSchema,
  HONEYPOT_MESSAGE,
  MAX_QUOTE_NIGHTS,
  type PublicQuote,
  type QuoteFormSchema,
  type QuoteStatus,
} from '../../domain/api/enquiries.ts';
import { MINUTE_MS } from '../../domain/booking-lifecycle.ts';
import { addDays, DAY_MS, daysBetween } from '../../domain/dates.ts';
import { formatGbp } from '../../domain/format.ts';
import { poundsToPence } from '../../domain/pricing.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import { nightsTakenAs } from '../bookings/nights-rule.ts';
import { holdQuoteStay, releaseQuoteStay } from '../bookings/quote-stay.ts';
import { requireStayRules } from '../bookings/requirements.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/database.ts';
import { enquiries, enquiryEvents, quotes } from '../db/schema.ts';
import { enqueueMessage, MESSAGE_KINDS } from '../email/notifications.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../errors.ts';
import type { SecretBox } from '../settings/secret-box.ts';
import {
  type EnquiryDetails,
  expiryText,
  guestEnquiryReceived,
  guestQuote,
  ownerEnquiryReceived,
} from './messages.ts';

/**
 * Enquiries and the owner's quotes (docs/decisions/028-enquiries-and-quotes.md). The one writer of `enquiries`,
 * `enquiry_events` and `quotes`; a quote's stay (held dates, the booking it becomes) is the bookings module's
 * (bookings/quote-stay.ts), paid through the checkout page like any booking the owner makes. E-mails go to the
 * outbox in the transaction that causes them.
 */

/** A person takes longer than this to fill the form in; a script posting it at once does not. */
export const MIN_FORM_MS = 3_000;
/** A form token older than this is refused (the person presses Send again and the page fetches a new one). */
export const FORM_TOKEN_MAX_AGE_MS = DAY_MS;
/** Enquiries one address may send in ENQUIRY_WINDOW_MS. */
export const ENQUIRIES_PER_ADDRESS = 3;
export const ENQUIRY_WINDOW_MS = 60 * MINUTE_MS;
const FORM_TOKEN_PURPOSE = 'enquiry-form';

type EnquiryRequest = z.output<typeof EnquiryRequestSchema>;
type QuoteFormInput = z.output<typeof QuoteFormSchema>;
type EnquiryRow = typeof enquiries.$inferSelect;
type QuoteRow = typeof quotes.$inferSelect;

const enquiryNotFound = () => notFound('There is no enquiry with that id.', 'enquiry_not_found');
const quoteNotFound = () =>
  notFound('We could not find that quote. Please check the link in your e-mail.', 'quote_not_found');

/** Sentences the form's three refusals give; the page fetches a new token and keeps what was typed. */
export const FORM_TOKEN_MESSAGE =
  'The form had not finished loading, or was opened too long ago. Please press Send again: what you typed is kept.';
export const TOO_FAST_MESSAGE =
  'That was sent faster than a person can type, so we could not tell it from an automated message. Please wait a few seconds and press Send again: what you typed is kept.';

const clientKeyOf = (address: string) =>
  createHash('sha256').update(`the-tower-enquiry:${address}`).digest('base64url');

function sameKey(given: string, stored: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(stored));
}

type Dependencies = {
  db: Db;
  bookings: BookingsRepository;
  clock: Clock;
  config: Pick<Config, 'siteUrl' | 'siteEmail' | 'ownerEmail' | 'holdMinutes'>;
  secretBox: SecretBox;
  /** The payment service's check of lapsed holds whose guest may have paid, run before nights are taken. */
  reconcileLapsedHolds(options: {
    nights: { propertyId: number; checkIn: string; checkOut: string };
  }): Promise<unknown>;
};

export type Enquiries = ReturnType<typeof createEnquiries>;

export function createEnquiries(deps: Dependencies) {
  const { db, bookings, clock, config, secretBox } = deps;
  const site = { siteUrl: config.siteUrl, siteEmail: config.siteEmail };
  const quoteUrl = (quote: Pick<QuoteRow, 'id' | 'key'>) =>
    `${config.siteUrl}/quote/${quote.id}?key=${quote.key}`;

  async function addEvent(tx: Db | Tx, enquiryId: string, kind: string, text: string) {
    await tx.insert(enquiryEvents).values({ enquiryId, kind, text, createdAt: clock.now() });
  }

  // --- The Contact page's form ---

  async function formToken(): Promise<string> {
    const sealed = await secretBox.seal(String(clock.now().getTime()), FORM_TOKEN_PURPOSE);
    return Buffer.from(JSON.stringify(sealed)).toString('base64url');
  }

  /** When the form was shown, from its token; refused with a sentence when missing, forged or too old. */
  async function formShownAt(token: string | undefined): Promise<number> {
    const refused = () => badRequest(FORM_TOKEN_MESSAGE, 'form_token_invalid');
    if (!token) throw refused();
    let shownAt: number;
    try {
      const sealed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
      shownAt = Number(await secretBox.open(sealed, FORM_TOKEN_PURPOSE));
    } catch {
      throw refused();
    }
    const age = clock.now().getTime() - shownAt;
    if (!Number.isFinite(shownAt) || age > FORM_TOKEN_MAX_AGE_MS || age < -MINUTE_MS) throw refused();
    return shownAt;
  }

  /**
   * An enquiry from the Contact page: the spam rules first (the hidden field, the minimum time, the per-address
   * limit; the links are the schema's), then the enquiry, its thread's first line and both e-mails in one
   * transaction.
   */
  async function submit(body: EnquiryRequest, address: string): Promise<{ id: string; message: string }> {
    if (body.website) throw badRequest(HONEYPOT_MESSAGE, 'honeypot_filled');
    const shownAt = await formShownAt(body.formToken);
    const now = clock.now();
    if (now.getTime() - shownAt < MIN_FORM_MS) throw badRequest(TOO_FAST_MESSAGE, 'sent_too_fast');
    const clientKey = clientKeyOf(address);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      const recent = await tx
        .select({ createdAt: enquiries.createdAt })
        .from(enquiries)
        .where(
          and(
            eq(enquiries.clientKey, clientKey),
            gt(enquiries.createdAt, new Date(now.getTime() - ENQUIRY_WINDOW_MS)),
          ),
        )
        .orderBy(asc(enquiries.createdAt));
      if (recent.length >= ENQUIRIES_PER_ADDRESS) {
        const freeAt = recent[recent.length - ENQUIRIES_PER_ADDRESS]!.createdAt.getTime() + ENQUIRY_WINDOW_MS;
        const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
        const minutes = Math.ceil(seconds / 60);
        throw tooManyRequests(
          `We have had ${ENQUIRIES_PER_ADDRESS} enquiries from your connection in the last hour. Please send this one in ${minutes} minute${minutes === 1 ? '' : 's'}, or e-mail it to ${config.siteEmail}: what you typed is kept.`,
          seconds,
        );
      }
      const [row] = await tx
        .insert(enquiries)
        .values({
          id,
          kind: body.kind,
          dateFrom: body.dateFrom || null,
          dateTo: body.dateTo || null,
          people: body.people,
          message: body.message,
          name: body.name,
          email: body.email,
          phone: body.phone ?? '',
          clientKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const details = enquiryDetails(row!);
      await addEvent(tx, id, 'received', body.message);
      await enqueueMessage(tx, {
        ...guestEnquiryReceived(details, site),
        dedupeKey: `enquiry:${id}:guest`,
        kind: MESSAGE_KINDS.guestEnquiryReceived,
        to: body.email,
        now,
      });
      await enqueueMessage(tx, {
        ...ownerEnquiryReceived(details, site),
        dedupeKey: `enquiry:${id}:owner`,
        kind: MESSAGE_KINDS.ownerEnquiryReceived,
        to: config.ownerEmail,
        now,
      });
      await addEvent(
        tx,
        id,
        'acknowledged',
        `Acknowledged to ${body.email}: we typically respond within 24 hours.`,
      );
    });
    return {
      id,
      message: `Thank you: your enquiry has reached us, and a copy is on its way to ${body.email}. We typically respond within 24 hours.`,
    };
  }

  // --- The owner's list ---

  /** A quote's status as the guest and the owner read it: paid once its booking is confirmed. */
  function quoteStatus(quote: QuoteRow, stay: Pick<StayRow, 'status'> | undefined, now: Date): QuoteStatus {
    if (stay?.status === 'confirmed') return 'paid';
    if (quote.status === 'open' && quote.expiresAt <= now) return 'expired';
    return quote.status;
  }

  async function staysOf(rows: QuoteRow[], tx: Db | Tx = db) {
    const ids = rows.flatMap((row) => (row.stayId ? [row.stayId] : []));
    const found = await bookings.findStays({ ids }, tx);
    return new Map(found.map((stay) => [stay.id, stay]));
  }

  /** What a quote offers, as the owner and the guest read it. */
  function quoteOffer(quote: QuoteRow, status: QuoteStatus) {
    return {
      id: quote.id,
      kind: quote.kind,
      checkInDate: quote.checkIn,
      checkOutDate: quote.checkOut,
      dayHireHours: quote.dayHireHours,
      nightBookable: quote.nightBookable,
      guestCount: quote.guestCount,
      contactName: quote.contactName,
      totalPrice: quote.totalPence / 100,
      included: quote.included,
      expiresAt: quote.expiresAt.toISOString(),
      holdDates: quote.holdDates,
      status,
    };
  }

  function toAdminQuote(quote: QuoteRow, stay: StayRow | undefined, now: Date): AdminQuote {
    return {
      ...quoteOffer(quote, quoteStatus(quote, stay, now)),
      enquiryId: quote.enquiryId,
      contactEmail: quote.contactEmail,
      bookingId: quote.stayId,
      quoteUrl: quoteUrl(quote),
      createdAt: quote.createdAt.toISOString(),
    };
  }

  async function list(): Promise<{ enquiries: AdminEnquiry[]; quotes: AdminQuote[] }> {
    const now = clock.now();
    const [rows, events, quoteRows] = await Promise.all([
      db.select().from(enquiries).orderBy(desc(enquiries.createdAt)).limit(500),
      db.select().from(enquiryEvents).orderBy(asc(enquiryEvents.createdAt), asc(enquiryEvents.id)),
      db.select().from(quotes).orderBy(desc(quotes.createdAt)),
    ]);
    const stayById = await staysOf(quoteRows);
    const adminQuotes = quoteRows.map((quote) =>
      toAdminQuote(quote, quote.stayId ? stayById.get(quote.stayId) : undefined, now),
    );
    return {
      enquiries: rows.map((row) => {
        const own = adminQuotes.filter((quote) => quote.enquiryId === row.id);
        return {
          ...enquiryDetails(row),
          status: own.some((quote) => quote.status === 'paid') ? 'booked' : row.status,
          createdAt: row.createdAt.toISOString(),
          thread: events
            .filter((event) => event.enquiryId === row.id)
            .map((event) => ({ kind: event.kind, text: event.text, at: event.createdAt.toISOString() })),
          quotes: own,
        };
      }),
      quotes: adminQuotes.filter((quote) => quote.enquiryId === null),
    };
  }

  async function decline(id: string, actor: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
      if (!row) throw enquiryNotFound();
      if (row.status === 'declined') throw conflict('This enquiry is already declined.', 'already_declined');
      await tx
        .update(enquiries)
        .set({ status: 'declined', updatedAt: clock.now() })
        .where(eq(enquiries.id, id));
      await addEvent(tx, id, 'declined', 'Declined by the owner.');
      await audit(tx, { actor, action: 'enquiry.declined', details: { enquiryId: id } });
    });
  }

  // --- Quotes ---

  /** The owner's offer: checked, its dates held when asked (the bookings module), the guest e-mailed its link. */
  async function createQuote(form: QuoteFormInput, actor: string): Promise<AdminQuote> {
    const now = clock.now();
    const dayHire = form.kind === 'day_hire';
    const checkIn = form.checkInDate;
    const checkOut = dayHire ? addDays(checkIn, 1) : (form.checkOutDate ?? '');
    requireStayRules({ checkIn, checkOut }, now, { ownerMade: true });
    if (daysBetween(checkIn, checkOut) > MAX_QUOTE_NIGHTS) {
      throw badRequest(
        `A quote is for at most ${MAX_QUOTE_NIGHTS} nights. For a longer stay, send two quotes.`,
      );
    }
    const expiresAt = new Date(now.getTime() + form.validDays * DAY_MS);
    const hours = dayHire ? `${form.startTime}–${form.endTime}` : null;
    const nightBookable = dayHire && (form.nightBookable ?? false);
    const holdDates = form.holdDates ?? false;
    const totalPence = poundsToPence(form.totalPrice);
    const contact = {
      contactName: form.contactName,
      contactEmail: form.contactEmail,
      contactPhone: form.contactPhone ?? '',
    };
    if (holdDates) await deps.reconcileLapsedHolds({ nights: { propertyId: 1, checkIn, checkOut } });
    const id = randomUUID();
    try {
      const row = await bookings.transaction(
        async (tx) => {
          const enquiry = form.enquiryId ? await findEnquiry(tx, form.enquiryId) : null;
          const stay = holdDates
            ? await holdQuoteStay(
                bookings,
                {
                  checkIn,
                  checkOut,
                  guestCount: form.guestCount,
                  ...contact,
                  totalPence,
                  dayHireHours: hours,
                  holdsNight: !nightBookable,
                  holdUntil: expiresAt,
                  payableUntil: expiresAt,
                  now,
                },
                tx,
              )
            : null;
          const [quote] = await tx
            .insert(quotes)
            .values({
              id,
              key: randomBytes(32).toString('hex'),
              enquiryId: enquiry?.id ?? null,
              kind: form.kind,
              checkIn,
              checkOut,
              dayHireHours: hours,
              nightBookable,
              guestCount: form.guestCount,
              ...contact,
              totalPence,
              included: form.included,
              expiresAt,
              holdDates,
              stayId: stay?.id ?? null,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (enquiry) {
            await tx
              .update(enquiries)
              .set({ status: 'quoted', updatedAt: now })
              .where(eq(enquiries.id, enquiry.id));
            await addEvent(
              tx,
              enquiry.id,
              'quote_sent',
              `Quote of ${formatGbp(totalPence)} sent to ${form.contactEmail}, open until ${expiryText(expiresAt)}${holdDates ? ', dates held' : ''}.`,
            );
          }
          await enqueueMessage(tx, {
            ...guestQuote(quote!, quoteUrl(quote!), site),
            dedupeKey: `quote:${id}:guest`,
            kind: MESSAGE_KINDS.guestQuote,
            to: form.contactEmail,
            now,
          });
          await audit(tx, {
            actor,
            action: 'quote.sent',
            details: {
              quoteId: id,
              enquiryId: enquiry?.id ?? null,
              checkIn,
              checkOut,
              totalPence,
              holdDates,
            },
          });
          return { quote: quote!, stay };
        },
        { retry: false },
      );
      return toAdminQuote(row.quote, row.stay ?? undefined, now);
    } catch (error) {
      throw nightsTakenAs(error, () =>
        conflict('Those dates are no longer free. Please choose other dates.', 'dates_unavailable'),
      );
    }
  }

  async function findEnquiry(tx: Tx, enquiryId: string): Promise<EnquiryRow> {
    const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for('update');
    if (!row) throw enquiryNotFound();
    return row;
  }

  async function lockQuote(tx: Tx, id: string): Promise<QuoteRow> {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row) throw quoteNotFound();
    return row;
  }

  /** Withdrawn by the owner: the held dates come free at once, and the link can no longer be paid. */
  async function withdraw(id: string, actor: string): Promise<AdminQuote> {
    const now = clock.now();
    return bookings.transaction(async (tx) => {
      await bookings.lockNights({ propertyId: 1 }, tx); // first, like every transaction that moves nights
      const quote = await lockQuote(tx, id);
      const stay = quote.stayId ? await bookings.findStay({ id: quote.stayId }, tx) : null;
      const status = quoteStatus(quote, stay ?? undefined, now);
      if (status === 'paid') {
        throw conflict(
          'This quote has been paid and is a confirmed booking: cancel the booking instead.',
          'quote_paid',
        );
      }
      if (quote.status !== 'open') throw conflict(`This quote is already ${quote.status}.`, 'quote_closed');
      const [updated] = await tx
        .update(quotes)
        .set({ status: 'withdrawn', updatedAt: now })
        .where(eq(quotes.id, id))
        .returning();
      const released = quote.stayId
        ? await releaseQuoteStay(bookings, { stayId: quote.stayId, to: 'canceled', now }, tx)
        : null;
      if (quote.enquiryId)
        await addEvent(tx, quote.enquiryId, 'quote_withdrawn', 'Quote withdrawn by the owner.');
      await audit(tx, { actor, action: 'quote.withdrawn', details: { quoteId: id } });
      return toAdminQuote(updated!, released ?? undefined, now);
    });
  }

  /** The job: open quotes past their expiry become expired, and their held dates come free. */
  async function expireDue(): Promise<string[]> {
    const now = clock.now();
    const due = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.status, 'open'), lte(quotes.expiresAt, now)))
      .orderBy(asc(quotes.expiresAt))
      .limit(100);
    const expired: string[] = [];
    for (const { id } of due) {
      const done = await bookings.transaction(async (tx) => {
        await bookings.lockNights({ propertyId: 1 }, tx);
        const quote = await lockQuote(tx, id);
        if (quote.status !== 'open') return false;
        const stay = quote.stayId ? await bookings.findStay({ id: quote.stayId, forUpdate: true }, tx) : null;
        // A payment started before the expiry and confirmed since keeps its booking: nothing to expire.
        if (stay?.status === 'confirmed') return false;
        await tx.update(quotes).set({ status: 'expired', updatedAt: now }).where(eq(quotes.id, id));
        if (quote.stayId) await releaseQuoteStay(bookings, { stayId: quote.stayId, to: 'expired', now }, tx);
        if (quote.enquiryId) await addEvent(tx, quote.enquiryId, 'quote_expired', 'Quote expired unpaid.');
        return true;
      });
      if (done) expired.push(id);
    }
    return expired;
  }

  // --- The guest's quote page ---

  async function readForGuest(id: string, key: string) {
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (!quote || !sameKey(key, quote.key)) throw quoteNotFound();
    return quote;
  }

  function closedReason(quote: QuoteRow, status: QuoteStatus): string | null {
    switch (status) {
      case 'paid':
        return 'This quote has been paid: your booking is confirmed, and the confirmation is in your e-mail.';
      case 'withdrawn':
        return `This quote was withdrawn, so it can no longer be paid. Please write to ${config.siteEmail} if you would still like to come.`;
      case 'expired':
        return `This quote expired on ${expiryText(quote.expiresAt)}, so it can no longer be paid. Please reply to our e-mail and we will gladly send a new one.`;
      default:
        return null;
    }
  }

  async function publicQuote(id: string, key: string): Promise<PublicQuote> {
    const quote = await readForGuest(id, key);
    const stay = quote.stayId ? await bookings.findStay({ id: quote.stayId }) : null;
    const status = quoteStatus(quote, stay ?? undefined, clock.now());
    return {
      ...quoteOffer(quote, status),
      closedReason: closedReason(quote, status),
      bookingId: status === 'paid' ? quote.stayId : null,
    };
  }

  /**
   * Accept and pay: the quote's booking, paid on the checkout page. Held dates are its stay already; otherwise
   * the dates are taken now, for the payment window, under the nights rule. A quote paid, withdrawn or expired
   * is refused with the sentence that says why.
   */
  async function accept(id: string, key: string): Promise<{ bookingId: string; checkoutPath: string }> {
    const given = await readForGuest(id, key);
    if (!given.stayId) {
      await deps.reconcileLapsedHolds({
        nights: { propertyId: 1, checkIn: given.checkIn, checkOut: given.checkOut },
      });
    }
    const now = clock.now();
    try {
      const stayId = await bookings.transaction(
        async (tx) => {
          await bookings.lockNights({ propertyId: 1 }, tx);
          const quote = await lockQuote(tx, id);
          const stay = quote.stayId ? await bookings.findStay({ id: quote.stayId }, tx) : null;
          const reason = closedReason(quote, quoteStatus(quote, stay ?? undefined, now));
          if (reason) throw conflict(reason, 'quote_closed');
          if (stay && stay.status !== 'canceled') return stay.id;
          const created = await holdQuoteStay(
            bookings,
            {
              checkIn: quote.checkIn,
              checkOut: quote.checkOut,
              guestCount: quote.guestCount,
              contactName: quote.contactName,
              contactEmail: quote.contactEmail,
              contactPhone: quote.contactPhone,
              totalPence: quote.totalPence,
              dayHireHours: quote.dayHireHours,
              holdsNight: !quote.nightBookable,
              holdUntil: new Date(
                Math.min(quote.expiresAt.getTime(), now.getTime() + config.holdMinutes * MINUTE_MS),
              ),
              payableUntil: quote.expiresAt,
              now,
            },
            tx,
          );
          await tx.update(quotes).set({ stayId: created.id, updatedAt: now }).where(eq(quotes.id, id));
          return created.id;
        },
        { retry: false },
      );
      return { bookingId: stayId, checkoutPath: `/checkout/${stayId}` };
    } catch (error) {
      throw nightsTakenAs(error, () =>
        conflict(
          'Those dates have just been booked. Please reply to our e-mail and we will find others.',
          'dates_unavailable',
        ),
      );
    }
  }

  return { formToken, submit, list, decline, createQuote, withdraw, expireDue, publicQuote, accept };
}

/** What an enquiry asked and who asked it, as the admin, the e-mails and the guest's data export show it. */
export function enquiryDetails(row: EnquiryRow): EnquiryDetails {
  return {
    id: row.id,
    kind: row.kind,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    people: row.people,
    message: row.message,
    name: row.name,
    email: row.email,
    phone: row.phone,
  };
}
