import { and, eq, gt, gte } from 'drizzle-orm';
import { DAY_MS } from '../../domain/dates.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { checkoutFollowUps, followUpOptOuts } from '../db/schema.ts';
import { enqueueMessage, MESSAGE_KINDS } from '../email/notifications.ts';
import { badRequest } from '../errors.ts';
import type { SecretBox } from '../settings/secret-box.ts';
import { guestCheckoutFollowUp } from './messages.ts';
import { followUpsEnabled, saveFollowUpsEnabled } from './setting.ts';

/**
 * Follow-ups of abandoned checkouts (docs/decisions/028-enquiries-and-quotes.md): a guest who gave a name and an
 * e-mail on the booking page and whose payment hold lapsed unpaid gets one e-mail about an hour later, only if
 * those nights are still free, they have not booked since, they have not opted out, and no follow-up went to
 * their address in the last week. The one writer of `checkout_follow_ups` and `follow_up_opt_outs`.
 */

/** How long after the hold lapsed the e-mail goes: long enough for a guest still deciding, soon enough to help. */
export const FOLLOW_UP_AFTER_MS = 60 * 60_000;
/** A lapse older than this is left alone (the job was off, or the server down): the moment has passed. */
export const FOLLOW_UP_WITHIN_MS = DAY_MS;
/** At most one follow-up per address in this long. */
export const FOLLOW_UP_EVERY_MS = 7 * DAY_MS;
const OPT_OUT_PURPOSE = 'follow-up-opt-out';
const BATCH = 50;

type Dependencies = {
  db: Db;
  bookings: BookingsRepository;
  clock: Clock;
  config: Pick<Config, 'siteUrl' | 'siteEmail'>;
  secretBox: SecretBox;
};

export type FollowUps = ReturnType<typeof createFollowUps>;

export function createFollowUps({ db, bookings, clock, config, secretBox }: Dependencies) {
  const site = { siteUrl: config.siteUrl, siteEmail: config.siteEmail };

  async function optOutUrl(email: string): Promise<string> {
    const sealed = await secretBox.seal(email, OPT_OUT_PURPOSE);
    const token = Buffer.from(JSON.stringify(sealed)).toString('base64url');
    return `${config.siteUrl}/api/follow-ups/opt-out?token=${token}`;
  }

  /** Why this lapsed checkout gets no e-mail, or null when it does. */
  async function reasonToSkip(stay: StayRow, email: string, now: Date): Promise<string | null> {
    const [optedOut] = await db.select().from(followUpOptOuts).where(eq(followUpOptOuts.email, email));
    if (optedOut) return 'opted out';
    const [recent] = await db
      .select({ id: checkoutFollowUps.id })
      .from(checkoutFollowUps)
      .where(
        and(
          eq(checkoutFollowUps.email, email),
          gt(checkoutFollowUps.sentAt, new Date(now.getTime() - FOLLOW_UP_EVERY_MS)),
        ),
      )
      .limit(1);
    if (recent) return 'written to this week';
    if (await bookings.bookedSince({ email, since: stay.createdAt, now })) return 'booked since';
    const free = await bookings.isFree({
      propertyId: stay.propertyId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      now,
    });
    return free ? null : 'nights taken';
  }

  /** The job: e-mails the lapsed checkouts that are due. Returns the stays followed up. */
  async function sendDue(): Promise<string[]> {
    if (!(await followUpsEnabled(db))) return [];
    const now = clock.now();
    const lapsed = await bookings.lapsedCheckouts({
      lapsedAfter: new Date(now.getTime() - FOLLOW_UP_WITHIN_MS),
      lapsedBefore: new Date(now.getTime() - FOLLOW_UP_AFTER_MS),
      limit: BATCH,
    });
    const done = new Set(
      (
        await db
          .select({ stayId: checkoutFollowUps.stayId })
          .from(checkoutFollowUps)
          .where(gte(checkoutFollowUps.sentAt, new Date(now.getTime() - FOLLOW_UP_WITHIN_MS - DAY_MS)))
      ).map((row) => row.stayId),
    );
    const sent: string[] = [];
    for (const stay of lapsed) {
      if (done.has(stay.id)) continue;
      const email = stay.contactEmail.trim().toLowerCase();
      if (await reasonToSkip(stay, email, now)) continue;
      const message = guestCheckoutFollowUp(stay, await optOutUrl(email), site);
      const written = await db.transaction(async (tx) => {
        // The stay's unique row: of two processes, one writes it and sends the e-mail.
        const [row] = await tx
          .insert(checkoutFollowUps)
          .values({ stayId: stay.id, email, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: checkoutFollowUps.id });
        if (!row) return false;
        await enqueueMessage(tx, {
          ...message,
          dedupeKey: `checkout-follow-up:${stay.id}`,
          kind: MESSAGE_KINDS.guestCheckoutFollowUp,
          to: stay.contactEmail,
          stayId: stay.id,
          now,
        });
        return true;
      });
      if (written) {
        sent.push(stay.id);
        done.add(stay.id);
      }
    }
    return sent;
  }

  /** The e-mail's one-click link: this address gets no follow-up again. */
  async function optOut(token: string): Promise<string> {
    let email: string;
    try {
      email = await secretBox.open(
        JSON.parse(Buffer.from(token, 'base64url').toString('utf8')),
        OPT_OUT_PURPOSE,
      );
    } catch {
      throw badRequest(
        'This link is not complete. Please open it again from the e-mail, or reply to the e-mail and we will take you off.',
        'opt_out_invalid',
      );
    }
    await db
      .insert(followUpOptOuts)
      .values({ email, createdAt: clock.now() })
      .onConflictDoNothing({ target: followUpOptOuts.email });
    return email;
  }

  /** What the owner sees: whether it is on, how many checkouts were followed up, and how many of them then booked. */
  async function summary() {
    const rows = await db
      .select({ email: checkoutFollowUps.email, sentAt: checkoutFollowUps.sentAt })
      .from(checkoutFollowUps);
    const now = clock.now();
    let bookedAfter = 0;
    for (const row of rows)
      if (await bookings.bookedSince({ email: row.email, since: row.sentAt, now })) bookedAfter++;
    return { enabled: await followUpsEnabled(db), followedUp: rows.length, bookedAfter };
  }

  async function setEnabled(enabled: boolean, actor: string) {
    await db.transaction(async (tx) => {
      await saveFollowUpsEnabled(tx, enabled, clock.now());
      await audit(tx, { actor, action: 'follow-ups.setting', details: { enabled } });
    });
    return summary();
  }

  return { sendDue, optOut, summary, setEnabled };
}
