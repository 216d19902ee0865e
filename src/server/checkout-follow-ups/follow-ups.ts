import { and, asc, count, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FollowUpSettings, FollowUpSummary } from '../../domain/api/follow-ups.ts';
import { DAY_MS } from '../../domain/dates.ts';
import { priceStay } from '../../domain/pricing.ts';
import type { RatePlan } from '../../domain/rate-plan.ts';
import { planStayProblem } from '../../domain/rate-plan-rules.ts';
import { checkStayRules } from '../../domain/stay-rules.ts';
import type { BookingsRepository } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { comparableAddress } from '../db/same-address.ts';
import { checkoutFollowUps, followUpOptOuts, stays } from '../db/schema.ts';
import { guestCheckoutFollowUp, type MessageSite } from '../email/messages.ts';
import { enqueueMessage, MESSAGE_KINDS } from '../email/notifications.ts';
import type { RatePlans } from '../pricing/rate-plan-repository.ts';
import type { SecretBox } from '../settings/secret-box.ts';
import { getSetting, putSetting } from '../settings/settings-store.ts';

/**
 * Follow-ups of lapsed checkouts (docs/decisions/032-checkout-follow-ups.md): a guest who gave a name and an
 * e-mail and whose hold lapsed unpaid gets one e-mail about an hour later, only while those nights are still free
 * and bookable and they have not booked since; never more than one per address a week, none after an opt-out, none
 * when the owner has turned them off. Each lapsed hold is decided once, in `checkout_follow_ups` (this module is
 * its only writer); the message is queued in the same transaction, so a decision and its e-mail stand or fall
 * together.
 */

export const FOLLOW_UP_SETTING = 'checkout_follow_ups';
/** How long after the hold lapsed the e-mail goes: long enough for a guest still deciding to come back. */
export const FOLLOW_UP_AFTER_MS = 60 * 60_000;
/** Lapsed holds older than this are never followed up (the feature switched on, a server down for a day). */
export const FOLLOW_UP_WITHIN_MS = DAY_MS;
/** At most one follow-up per address in this time. */
export const FOLLOW_UP_PER_ADDRESS_MS = 7 * DAY_MS;
const BATCH = 50;

const ADDRESS_PURPOSE = 'follow-up-address';
const OPT_OUT_PURPOSE = 'follow-up-opt-out';

export type FollowUpOutcome = (typeof checkoutFollowUps.$inferSelect)['outcome'];
export type FollowUpRun = { sent: string[]; skipped: Partial<Record<FollowUpOutcome, number>> };

/** The keyed hash an address is known by here: opt-outs and "one per address a week" never keep the address. */
export const followUpAddressHash = (secretBox: SecretBox, address: string) =>
  secretBox.mac(comparableAddress(address), ADDRESS_PURPOSE);

/**
 * The guest refused follow-ups where they typed their address, on the booking card (the Privacy and Electronic
 * Communications Regulations 2003, regulation 22(3)(c)): honoured for good, like the e-mail's opt-out.
 */
export async function refuseFollowUps(db: DbOrTx, secretBox: SecretBox, address: string, now: Date) {
  await db
    .insert(followUpOptOuts)
    .values({ addressHash: await followUpAddressHash(secretBox, address), optedOutAt: now })
    .onConflictDoNothing();
}

export function createCheckoutFollowUps(deps: {
  db: Db;
  clock: Clock;
  bookings: BookingsRepository;
  ratePlans: RatePlans;
  secretBox: SecretBox;
  site: MessageSite;
}) {
  const { db, clock, bookings, ratePlans, secretBox, site } = deps;

  const addressHash = (address: string) => followUpAddressHash(secretBox, address);
  /** The opt-out link's token: the address's hash, signed so that nobody can opt out hashes they made up. */
  const optOutToken = async (hash: string) =>
    `${hash}.${(await secretBox.mac(hash, OPT_OUT_PURPOSE)).slice(0, 22)}`;

  async function readSettings(tx: DbOrTx = db): Promise<FollowUpSettings> {
    return { enabled: true, ...(await getSetting<Partial<FollowUpSettings>>(tx, FOLLOW_UP_SETTING)) };
  }

  /** Why a lapsed hold gets no follow-up, or null when it gets one. */
  async function reasonNotToFollowUp(
    tx: DbOrTx,
    hold: typeof stays.$inferSelect,
    hash: string,
    now: Date,
    plan: RatePlan,
  ): Promise<Exclude<FollowUpOutcome, 'sent'> | null> {
    const [optedOut] = await tx.select().from(followUpOptOuts).where(eq(followUpOptOuts.addressHash, hash));
    if (optedOut) return 'opted_out';
    const [recent] = await tx
      .select({ stayId: checkoutFollowUps.stayId })
      .from(checkoutFollowUps)
      .where(
        and(
          eq(checkoutFollowUps.addressHash, hash),
          eq(checkoutFollowUps.outcome, 'sent'),
          gt(checkoutFollowUps.decidedAt, new Date(now.getTime() - FOLLOW_UP_PER_ADDRESS_MS)),
        ),
      )
      .limit(1);
    if (recent) return 'recently_followed_up';
    if (await bookings.bookedSince({ stay: hold, now }, tx)) return 'booked_since';
    const stay = { checkIn: hold.checkIn, checkOut: hold.checkOut };
    if (checkStayRules(stay, now) || planStayProblem(plan, stay)) return 'not_bookable';
    if (!(await bookings.isFree({ propertyId: hold.propertyId, ...stay, now }, tx))) return 'nights_taken';
    return null;
  }

  /** The job: decides each lapsed hold due for a follow-up, once. */
  async function run(): Promise<FollowUpRun> {
    const now = clock.now();
    const result: FollowUpRun = { sent: [], skipped: {} };
    const due = await db
      .select()
      .from(stays)
      .leftJoin(checkoutFollowUps, eq(checkoutFollowUps.stayId, stays.id))
      .where(
        and(
          eq(stays.kind, 'guest'),
          eq(stays.source, 'web'),
          eq(stays.status, 'expired'),
          ne(stays.contactEmail, ''),
          lte(stays.holdExpiresAt, new Date(now.getTime() - FOLLOW_UP_AFTER_MS)),
          gt(stays.holdExpiresAt, new Date(now.getTime() - FOLLOW_UP_WITHIN_MS)),
          isNull(checkoutFollowUps.stayId),
        ),
      )
      .orderBy(asc(stays.holdExpiresAt), asc(stays.id))
      .limit(BATCH);
    const { enabled } = await readSettings();
    // Read before the transactions: on the embedded database a read outside a transaction waits for it to end.
    const plan = await ratePlans.current(now);
    for (const { stays: hold } of due) {
      const hash = await addressHash(hold.contactEmail);
      const outcome = await db.transaction(async (tx) => {
        const reason = enabled ? await reasonNotToFollowUp(tx, hold, hash, now, plan) : 'off';
        const decided = await tx
          .insert(checkoutFollowUps)
          .values({ stayId: hold.id, addressHash: hash, outcome: reason ?? 'sent', decidedAt: now })
          .onConflictDoNothing()
          .returning({ stayId: checkoutFollowUps.stayId });
        if (decided.length === 0) return null; // another process decided it first
        if (reason) return reason;
        const quote = priceStay({ checkIn: hold.checkIn, checkOut: hold.checkOut }, plan);
        const token = await optOutToken(hash);
        const optOutUrl = `${site.siteUrl}/api/follow-ups/opt-out?token=${encodeURIComponent(token)}`;
        const bookUrl = `${site.siteUrl}/?${new URLSearchParams({
          checkIn: hold.checkIn,
          checkOut: hold.checkOut,
          guests: String(hold.guestCount),
        })}#booking`;
        await enqueueMessage(tx, {
          ...guestCheckoutFollowUp(
            {
              contactName: hold.contactName,
              checkIn: hold.checkIn,
              checkOut: hold.checkOut,
              guestCount: hold.guestCount,
              totalPence: quote.totalPence,
              bookUrl,
              optOutUrl,
            },
            site,
          ),
          dedupeKey: `checkout-follow-up:${hold.id}`,
          kind: MESSAGE_KINDS.guestCheckoutFollowUp,
          to: hold.contactEmail,
          stayId: hold.id,
          // One-click unsubscribe from the mail client's own button (RFC 8058).
          headers: {
            'List-Unsubscribe': `<${optOutUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          now,
        });
        return 'sent' as const;
      });
      if (outcome === 'sent') result.sent.push(hold.id);
      else if (outcome) result.skipped[outcome] = (result.skipped[outcome] ?? 0) + 1;
    }
    return result;
  }

  /** The opt-out link: false when the token is not one this site made. Opting out twice is fine. */
  async function optOut(token: string): Promise<boolean> {
    const [hash, signature] = token.split('.');
    if (!hash || !signature || (await optOutToken(hash)) !== token) return false;
    await db
      .insert(followUpOptOuts)
      .values({ addressHash: hash, optedOutAt: clock.now() })
      .onConflictDoNothing();
    return true;
  }

  /** What the owner reads: the setting, and how many follow-ups went out and how many of those guests then booked. */
  async function summary(): Promise<FollowUpSummary> {
    const [sent] = await db
      .select({ n: count() })
      .from(checkoutFollowUps)
      .where(eq(checkoutFollowUps.outcome, 'sent'));
    const booked = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${checkoutFollowUps} f
      join ${stays} lapsed on lapsed.id = f.stay_id
      where f.outcome = 'sent' and exists (select 1 from ${stays} b where b.kind = 'guest'
        and b.status = 'confirmed' and b.contact_email <> ''
        and lower(b.contact_email) = lower(lapsed.contact_email) and b.created_at >= f.decided_at)`);
    const [optedOut] = await db.select({ n: count() }).from(followUpOptOuts);
    const [last] = await db
      .select({ at: checkoutFollowUps.decidedAt })
      .from(checkoutFollowUps)
      .where(eq(checkoutFollowUps.outcome, 'sent'))
      .orderBy(desc(checkoutFollowUps.decidedAt))
      .limit(1);
    return {
      ...(await readSettings()),
      sent: sent?.n ?? 0,
      bookedAfter: (booked as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
      optedOut: optedOut?.n ?? 0,
      lastSentAt: last?.at.toISOString() ?? null,
    };
  }

  return {
    run,
    optOut,
    summary,
    readSettings,
    saveSettings: (tx: DbOrTx, value: FollowUpSettings) =>
      putSetting(tx, FOLLOW_UP_SETTING, value, clock.now()),
  };
}

export type CheckoutFollowUps = ReturnType<typeof createCheckoutFollowUps>;
