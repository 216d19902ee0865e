import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DamageHoldClaim, DamageHoldView } from '../../domain/api/damage-holds.ts';
import { bookingReference, isBookingId } from '../../domain/booking-reference.ts';
import { MAX_RELEASE_DAYS } from '../../domain/damage-hold.ts';
import { addDays, todayOnPropertyClock } from '../../domain/dates.ts';
import type { DocumentContent } from '../../domain/documents.ts';
import { formatGbp } from '../../domain/format.ts';
import { readArrivalSettings } from '../arrival/settings.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx, Tx } from '../db/database.ts';
import { stays } from '../db/schema.ts';
import { issueReceipt } from '../documents/issue.ts';
import { documentAttachment } from '../documents/pdf.ts';
import type { MessageSite } from '../email/messages.ts';
import { enqueueMessage, MESSAGE_KINDS } from '../email/notifications.ts';
import { badGateway, badRequest, conflict, HttpError, notFound } from '../errors.ts';
import { GUEST_ACTOR, idPrefixOf, requireManagedStay } from '../guest-journey/manage-booking.ts';
import {
  holdOutcome,
  offSessionOutcome,
  type PaymentIntentStatus,
  type PaymentProvider,
  type ProviderPaymentIntent,
} from '../payments/provider.ts';
import {
  guestDamageHoldClaimed,
  guestDamageHoldFailed,
  guestDamageHoldRenewal,
  ownerDamageHoldFailed,
} from './messages.ts';
import {
  claimPlacement,
  countAuthorisation,
  type DamageHoldRow,
  findHold,
  holdRowsOf,
  moveHold,
  readHoldRows,
  rowsToFollowUp,
  updateWhile,
} from './repository.ts';
import { activeRow, holdingRow, holdView, planOf } from './view.ts';

/**
 * The damage deposit's jobs and the owner's claim (docs/decisions/031-damage-deposit-hold.md), modelled on the
 * balance (docs/decisions/016-deposit-now-balance-later.md): each provider call is claimed in one statement first
 * (repository.ts) and carries its own idempotency key, no transaction is open while the provider is called, a
 * decline or a bank asking for authentication e-mails the guest a link and tells the owner, and nothing is
 * cancelled automatically.
 */

/** The audit log's actor for what the job does. */
export const HOLD_JOB_ACTOR = 'damage-holds';
/** A provider call still in flight this long after it was claimed (its process died) is made again, same key. */
export const STUCK_CALL_MS = 5 * 60_000;
/** The guest is told this long before their hold is placed a second time. */
export const RENEWAL_NOTICE_MS = 24 * 3_600_000;

const PAYABLE: ReadonlySet<PaymentIntentStatus> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

export type DamageHoldRun = {
  placed: string[];
  renewed: string[];
  failed: string[];
  released: string[];
  refunded: string[];
};

type Outcome = 'in_place' | 'processing' | 'authentication_required' | 'declined';

/** What a provider's intent means for a row: a hold is in place at `requires_capture`, a charge once succeeded. */
function outcomeOf(row: Pick<DamageHoldRow, 'method'>, intent: ProviderPaymentIntent): Outcome {
  if (row.method === 'hold') {
    const outcome = holdOutcome(intent);
    return outcome === 'held' ? 'in_place' : outcome;
  }
  const outcome = offSessionOutcome(intent);
  return outcome === 'succeeded' ? 'in_place' : outcome;
}

export function createDamageHolds(deps: {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  bookings: BookingsRepository;
  log: FastifyBaseLogger;
  site: MessageSite;
  ownerEmail: string;
  /** After a hold is in place: queues the messages now due for the stay (the access code, once ready). */
  stepsDone(stayId: string): Promise<void>;
}) {
  const { db, clock, payments, log, site } = deps;

  const findStay = (id: string, tx: DbOrTx = db) => deps.bookings.findStay({ id }, tx);

  // --- Recording what the provider answered ---------------------------------------------------------------

  /** Records a placement's answer (the job's, or the guest's on-session authorisation), if the row still waits. */
  async function recordPlacement(
    row: DamageHoldRow,
    intent: ProviderPaymentIntent | null,
    from: ('placing' | 'needs_authorisation')[],
    lastError = 'No card was saved for this booking.',
  ): Promise<DamageHoldRow | null> {
    const now = clock.now();
    const outcome: Outcome = intent ? outcomeOf(row, intent) : 'declined';
    if (outcome === 'processing') {
      return updateWhile(db, {
        id: row.id,
        status: 'placing',
        set: { paymentIntentId: intent?.id ?? null },
        now,
      });
    }
    const recorded = await db.transaction(async (tx) => {
      if (outcome === 'in_place') {
        const placed = await moveHold(tx, {
          id: row.id,
          from,
          to: row.method === 'charge' ? 'charged' : 'held',
          set: { paymentIntentId: intent?.id ?? null, placedAt: now, failureCode: null, lastError: null },
          now,
        });
        if (placed) {
          await audit(tx, {
            actor: from.includes('needs_authorisation') ? GUEST_ACTOR : HOLD_JOB_ACTOR,
            action: row.sequence > 1 ? 'damage_hold.renewed' : 'damage_hold.placed',
            details: {
              stayId: row.stayId,
              method: row.method,
              amountPence: row.amountPence,
              paymentIntentId: intent?.id ?? null,
            },
            at: now,
          });
        }
        return placed;
      }
      if (!from.includes('placing')) return null; // an on-session attempt not finished: nothing to record
      const failed = await moveHold(tx, {
        id: row.id,
        from: ['placing'],
        to: 'needs_authorisation',
        set: {
          paymentIntentId: intent?.id ?? null,
          failureCode: outcome,
          lastError: intent?.lastError ?? lastError,
        },
        now,
      });
      if (failed) {
        await audit(tx, {
          actor: HOLD_JOB_ACTOR,
          action: 'damage_hold.failed',
          details: { stayId: row.stayId, sequence: row.sequence, outcome, amountPence: row.amountPence },
          at: now,
        });
        await tellFailed(tx, failed);
      }
      return failed;
    });
    if (recorded?.status === 'held' || recorded?.status === 'charged') {
      if (recorded.sequence > 1) await releaseReplaced(recorded);
      await deps.stepsDone(recorded.stayId);
    }
    return recorded;
  }

  /** The guest's link to authorise on their page, and the owner's notice: once per row (dedupe keys). */
  async function tellFailed(tx: Tx, row: DamageHoldRow) {
    const stay = await findStay(row.stayId, tx);
    if (!stay) return;
    const now = clock.now();
    const authentication = row.failureCode === 'authentication_required';
    if (stay.contactEmail) {
      await enqueueMessage(tx, {
        ...guestDamageHoldFailed(
          stay,
          { amountPence: row.amountPence, method: row.method, authentication },
          site,
        ),
        dedupeKey: `damage-hold-failed:${row.id}:guest`,
        kind: MESSAGE_KINDS.guestDamageHoldFailed,
        to: stay.contactEmail,
        stayId: stay.id,
        now,
      });
    }
    await enqueueMessage(tx, {
      ...ownerDamageHoldFailed(
        stay,
        { amountPence: row.amountPence, authentication, lastError: row.lastError },
        site,
      ),
      dedupeKey: `damage-hold-failed:${row.id}:owner`,
      kind: MESSAGE_KINDS.ownerDamageHoldFailed,
      to: deps.ownerEmail,
      stayId: stay.id,
      now,
    });
  }

  // --- Placing --------------------------------------------------------------------------------------------

  /** The off-session call of a claimed row (status 'placing'); a provider outage leaves it to be asked again. */
  async function callPlacement(row: DamageHoldRow, stay: StayRow): Promise<DamageHoldRow | null> {
    if (!stay.customerId || !stay.paymentMethodId) return recordPlacement(row, null, ['placing']);
    const input = {
      customerId: stay.customerId,
      paymentMethodId: stay.paymentMethodId,
      amountPence: row.amountPence,
      currency: 'gbp' as const,
      metadata: {
        bookingId: stay.id,
        instalment: 'damage_hold',
        holdId: row.id,
        sequence: String(row.sequence),
      },
      idempotencyKey: row.idempotencyKey,
    };
    try {
      const intent =
        row.method === 'hold' ? await payments.holdOffSession(input) : await payments.chargeOffSession(input);
      return await recordPlacement(row, intent, ['placing']);
    } catch (error) {
      log.error({ err: error, stayId: stay.id }, 'placing a damage deposit failed; it will be asked again');
      return null;
    }
  }

  async function place(
    stay: StayRow,
    sequence: number,
    amountPence: number,
    plan: ReturnType<typeof planOf>,
  ): Promise<DamageHoldRow | null> {
    const claimed = await claimPlacement(db, {
      stayId: stay.id,
      sequence,
      method: plan.kind === 'charge' ? 'charge' : 'hold',
      amountPence,
      placeAt: sequence === 1 ? plan.placeAt : clock.now(),
      releaseAt: plan.releaseAt,
      now: clock.now(),
    });
    return claimed ? callPlacement(claimed, stay) : null;
  }

  /** When a stay's first hold, placed at `placedAt`, must be held again (the plan's window from then). */
  function renewalDue(plan: ReturnType<typeof planOf>, first: DamageHoldRow): Date | null {
    if (plan.kind !== 'hold_renewed' || !first.placedAt) return null;
    const at = new Date(first.placedAt.getTime() + (plan.renewAt.getTime() - plan.placeAt.getTime()));
    return at < first.releaseAt ? at : null;
  }

  // --- Releasing, refunding, claiming ---------------------------------------------------------------------

  /**
   * Gives back what a row holds: a hold released (cancelled), a charge refunded in full. `replaced`: the first
   * hold of a renewal, released once the second is in place.
   */
  async function release(row: DamageHoldRow, why: 'release_day' | 'cancelled' | 'replaced') {
    const now = clock.now();
    const claimed = await moveHold(db, {
      id: row.id,
      from: ['held', 'charged', 'releasing'],
      to: 'releasing',
      set: { lastCallAt: now },
      now,
    });
    if (!claimed?.paymentIntentId) return null;
    const intentId = claimed.paymentIntentId;
    if (claimed.method === 'hold') {
      try {
        await payments.cancelPaymentIntent(intentId);
      } catch (error) {
        // Cancelled already (a repeated call): done. Anything else is asked again after STUCK_CALL_MS.
        const current = await payments.retrievePaymentIntent(intentId).catch(() => null);
        if (current?.status !== 'canceled') throw error;
      }
    } else {
      await payments.refund({
        paymentIntentId: intentId,
        amountPence: claimed.amountPence,
        idempotencyKey: `damage-hold-refund-${claimed.id}`,
      });
    }
    const to = why === 'replaced' ? 'replaced' : claimed.method === 'charge' ? 'refunded' : 'released';
    return db.transaction(async (tx) => {
      const done = await moveHold(tx, {
        id: claimed.id,
        from: ['releasing'],
        to,
        set: { releasedAt: now },
        now,
      });
      if (done) {
        await audit(tx, {
          actor: HOLD_JOB_ACTOR,
          action: to === 'refunded' ? 'damage_hold.refunded' : 'damage_hold.released',
          details: {
            stayId: claimed.stayId,
            sequence: claimed.sequence,
            amountPence: claimed.amountPence,
            why,
          },
          at: now,
        });
      }
      return done;
    });
  }

  /** The first hold of a renewal, once the second is in place. */
  async function releaseReplaced(second: DamageHoldRow) {
    for (const row of await holdRowsOf(db, second.stayId)) {
      if (row.sequence < second.sequence && row.status === 'held') {
        await release(row, 'replaced').catch((error) =>
          log.error({ err: error, stayId: row.stayId }, 'releasing a renewed hold failed; asked again later'),
        );
      }
    }
  }

  /** The provider's part of a claim on a row in 'claiming': capture what is kept, or refund the rest of a charge. */
  async function callClaim(row: DamageHoldRow): Promise<void> {
    const intentId = row.paymentIntentId ?? '';
    const kept = row.claimedPence ?? 0;
    if (row.method === 'hold') {
      await payments.capturePaymentIntent({
        paymentIntentId: intentId,
        amountPence: kept,
        idempotencyKey: `damage-hold-claim-${row.id}`,
      });
    } else if (row.amountPence - kept > 0) {
      await payments.refund({
        paymentIntentId: intentId,
        amountPence: row.amountPence - kept,
        idempotencyKey: `damage-hold-claim-refund-${row.id}`,
      });
    }
    await recordClaim(row);
  }

  async function recordClaim(row: DamageHoldRow): Promise<DamageHoldRow | null> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const done = await moveHold(tx, {
        id: row.id,
        from: ['claiming'],
        to: 'claimed',
        set: { claimedAt: now },
        now,
      });
      if (!done) return null;
      const stay = await findStay(row.stayId, tx);
      if (!stay) return done;
      const claimed = done.claimedPence ?? 0;
      const receipt = await issueReceipt(tx, {
        stay,
        payment: 'damage_deposit',
        sourceRef: `${done.paymentIntentId ?? done.id}:claim`,
        amountPence: claimed,
        now,
      });
      if (stay.contactEmail) {
        await enqueueMessage(tx, {
          ...guestDamageHoldClaimed(
            stay,
            {
              amountPence: done.amountPence,
              claimedPence: claimed,
              reason: done.claimReason ?? '',
              method: done.method,
            },
            site,
          ),
          attachments: [await documentAttachment(receipt.content as DocumentContent)],
          dedupeKey: `damage-hold-claimed:${done.id}`,
          kind: MESSAGE_KINDS.guestDamageHoldClaimed,
          to: stay.contactEmail,
          stayId: stay.id,
          now,
        });
      }
      return done;
    });
  }

  // --- The on-session authorisation ---------------------------------------------------------------------

  /** A row waiting for the guest whose on-session intent the guest has since authorised: recorded. */
  async function reconcileAuthorisation(row: DamageHoldRow): Promise<DamageHoldRow | null> {
    if (row.status !== 'needs_authorisation' || row.authorisations === 0 || !row.paymentIntentId) return null;
    const intent = await payments.retrievePaymentIntent(row.paymentIntentId);
    if (!intent || intent.metadata.holdId !== row.id) return null;
    if (outcomeOf(row, intent) !== 'in_place') return null;
    return recordPlacement(row, intent, ['needs_authorisation']);
  }

  // --- The job ----------------------------------------------------------------------------------------------

  /** Confirmed guest stays whose deposit may be placed or renewed now. */
  async function staysInPlay(now: Date): Promise<StayRow[]> {
    const today = todayOnPropertyClock(now);
    return deps.bookings.confirmedGuestStaysAround({
      arrivingBy: addDays(today, 2),
      leftSince: addDays(today, -MAX_RELEASE_DAYS - 1),
    });
  }

  async function tellRenewal(
    stay: StayRow,
    row: DamageHoldRow,
    renewAt: Date,
    plan: ReturnType<typeof planOf>,
  ) {
    if (!stay.contactEmail) return;
    const now = clock.now();
    await db.transaction(async (tx) => {
      await enqueueMessage(tx, {
        ...guestDamageHoldRenewal(
          stay,
          {
            amountPence: row.amountPence,
            renewOn: todayOnPropertyClock(renewAt),
            releaseOn: plan.releaseOn,
          },
          site,
        ),
        dedupeKey: `damage-hold-renewal:${stay.id}:${row.id}`,
        kind: MESSAGE_KINDS.guestDamageHoldRenewal,
        to: stay.contactEmail as string,
        stayId: stay.id,
        now,
      });
    });
  }

  /**
   * The job's run: places the deposits now due, renews the holds about to lapse (the guest told a day before),
   * releases or refunds at the release time or when the stay was cancelled, and asks again about calls whose
   * process died. Each step is claimed first, so two runs at once (two processes) do each once.
   */
  async function runDue(): Promise<DamageHoldRun> {
    const result: DamageHoldRun = { placed: [], renewed: [], failed: [], released: [], refunded: [] };
    const now = clock.now();
    const note = (row: DamageHoldRow | null) => {
      if (!row) return;
      if (row.status === 'needs_authorisation') result.failed.push(row.stayId);
      else if (row.status === 'held' || row.status === 'charged')
        (row.sequence > 1 ? result.renewed : result.placed).push(row.stayId);
      else if (row.status === 'released') result.released.push(row.stayId);
      else if (row.status === 'refunded') result.refunded.push(row.stayId);
    };

    const settings = await readArrivalSettings(db);
    const candidates = await staysInPlay(now);
    const rowsByStay = await readHoldRows(
      db,
      candidates.map((stay) => stay.id),
    );
    for (const stay of candidates) {
      try {
        const rows = rowsByStay.get(stay.id) ?? [];
        const plan = planOf(stay, settings);
        const first = rows.find((row) => row.sequence === 1);
        if (!first) {
          if (settings.damageHoldPence > 0 && now >= plan.placeAt && now < plan.releaseAt) {
            note(await place(stay, 1, settings.damageHoldPence, plan));
          }
          continue;
        }
        const renewAt = first.status === 'held' ? renewalDue(plan, first) : null;
        if (!renewAt || rows.some((row) => row.sequence === 2)) continue;
        if (now.getTime() >= renewAt.getTime() - RENEWAL_NOTICE_MS)
          await tellRenewal(stay, first, renewAt, plan);
        if (now >= renewAt) note(await place(stay, 2, first.amountPence, plan));
      } catch (error) {
        log.error({ err: error, stayId: stay.id }, 'damage deposit step failed; the next run tries again');
      }
    }

    const stuckBefore = new Date(now.getTime() - STUCK_CALL_MS);
    for (const row of await rowsToFollowUp(db, stuckBefore)) {
      try {
        const stay = await findStay(row.stayId);
        const over = stay?.status !== 'confirmed' || now >= row.releaseAt;
        switch (row.status) {
          case 'placing': {
            const claimed = await updateWhile(db, {
              id: row.id,
              status: 'placing',
              set: { lastCallAt: now },
              now,
            });
            if (claimed && stay) note(await callPlacement(claimed, stay));
            break;
          }
          case 'needs_authorisation': {
            const authorised = await reconcileAuthorisation(row);
            if (authorised) {
              note(authorised);
              if (over)
                note(await release(authorised, stay?.status === 'confirmed' ? 'release_day' : 'cancelled'));
            } else if (over) {
              await cancelWaiting(row);
            }
            break;
          }
          case 'held':
          case 'charged':
          case 'releasing': {
            const newer = (await holdRowsOf(db, row.stayId)).some(
              (other) =>
                other.sequence > row.sequence && (other.status === 'held' || other.status === 'releasing'),
            );
            if (newer) await release(row, 'replaced');
            else if (over || row.status === 'releasing')
              note(await release(row, stay?.status === 'confirmed' ? 'release_day' : 'cancelled'));
            break;
          }
          case 'claiming':
            await callClaim(row);
            break;
        }
      } catch (error) {
        log.error(
          { err: error, stayId: row.stayId },
          'damage deposit follow-up failed; the next run tries again',
        );
      }
    }
    const { placed, renewed, failed, released, refunded } = result;
    if (placed.length + renewed.length + failed.length + released.length + refunded.length > 0) {
      log.info(result, 'damage deposits placed and released');
    }
    return result;
  }

  /** A deposit the guest never authorised, at its release time or after a cancellation: nothing to keep. */
  async function cancelWaiting(row: DamageHoldRow) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const done = await moveHold(tx, { id: row.id, from: ['needs_authorisation'], to: 'canceled', now });
      if (done) {
        await audit(tx, {
          actor: HOLD_JOB_ACTOR,
          action: 'damage_hold.released',
          details: { stayId: row.stayId, sequence: row.sequence, amountPence: 0, why: 'never_authorised' },
          at: now,
        });
      }
    });
    if (row.authorisations > 0 && row.paymentIntentId) {
      await payments.cancelPaymentIntent(row.paymentIntentId).catch(() => undefined);
    }
  }

  // --- What the guest and the owner see and do -----------------------------------------------------------

  /** A stay's deposit as the guest's page and the owner's booking show it (an authorisation made since, recorded). */
  async function viewOf(stay: StayRow): Promise<DamageHoldView | null> {
    const settings = await readArrivalSettings(db);
    let rows = await holdRowsOf(db, stay.id);
    const waiting = rows.find((row) => row.status === 'needs_authorisation' && row.authorisations > 0);
    if (waiting) {
      const recorded = await reconcileAuthorisation(waiting).catch((error) => {
        log.error({ err: error, stayId: stay.id }, 'checking an authorised damage deposit failed');
        return null;
      });
      if (recorded) rows = await holdRowsOf(db, stay.id);
    }
    return holdView(stay, rows, settings);
  }

  /** The guest's 'Authorise': an intent for the deposit they confirm with their card on the checkout page. */
  async function authorise(reference: string, key: string | undefined): Promise<{ url: string }> {
    const stay = await requireManagedStay(db, reference, key);
    if (stay.status !== 'confirmed') throw conflict('This booking is cancelled.', 'already_canceled');
    const rows = await holdRowsOf(db, stay.id);
    const waiting = rows
      .filter((row) => row.status === 'needs_authorisation')
      .sort((a, b) => b.sequence - a.sequence)[0];
    if (!waiting) {
      throw conflict(
        'There is nothing to authorise: no damage deposit is waiting for your card.',
        'nothing_to_authorise',
      );
    }
    if (await reconcileAuthorisation(waiting)) {
      throw conflict(
        'Your damage deposit is already in place: there is nothing more to do.',
        'nothing_to_authorise',
      );
    }
    let intent: ProviderPaymentIntent | null = null;
    if (waiting.authorisations > 0 && waiting.paymentIntentId) {
      const existing = await payments.retrievePaymentIntent(waiting.paymentIntentId).catch(() => null);
      if (existing && existing.metadata.holdId === waiting.id && PAYABLE.has(existing.status))
        intent = existing;
    }
    if (!intent) {
      const counted = await countAuthorisation(db, waiting.id, clock.now());
      if (!counted)
        throw conflict(
          'Your damage deposit is already in place: there is nothing more to do.',
          'nothing_to_authorise',
        );
      try {
        intent = await payments.createPaymentIntent({
          amountPence: counted.amountPence,
          currency: 'gbp',
          metadata: { bookingId: stay.id, instalment: 'damage_hold', holdId: counted.id, authorise: 'true' },
          idempotencyKey: `damage-hold-${counted.id}-authorise-${counted.authorisations}`,
          ...(stay.customerId ? { customerId: stay.customerId } : {}),
          ...(counted.method === 'hold' ? { captureMethod: 'manual' as const } : {}),
        });
      } catch (error) {
        log.error({ err: error, stayId: stay.id }, 'creating a damage deposit authorisation failed');
        throw badGateway(
          'The payment service could not be reached. Please try again in a moment.',
          'payment_provider_unavailable',
        );
      }
      await updateWhile(db, {
        id: counted.id,
        status: 'needs_authorisation',
        set: { paymentIntentId: intent.id },
        now: clock.now(),
      });
    }
    const back = `/booking/${bookingReference(stay.id)}?key=${encodeURIComponent(stay.manageKey)}#deposit`;
    const query = new URLSearchParams({
      damageHold: intent.id,
      clientSecret: intent.clientSecret,
      return: back,
    });
    return { url: `/checkout/${stay.id}?${query.toString()}` };
  }

  /** The stay the owner names by its reference (or its id). */
  async function ownersStay(reference: string): Promise<StayRow> {
    const missing = () => notFound('There is no guest booking with that reference.', 'booking_not_found');
    if (isBookingId(reference)) {
      const stay = await findStay(reference);
      if (stay?.kind !== 'guest') throw missing();
      return stay;
    }
    const prefix = idPrefixOf(reference);
    if (!prefix) throw missing();
    const rows = await db
      .select()
      .from(stays)
      .where(and(like(stays.id, `${prefix}%`), eq(stays.kind, 'guest')));
    if (rows.length === 0) throw missing();
    const withHolds = await readHoldRows(
      db,
      rows.map((row) => row.id),
    );
    const holding = rows.filter((row) => (withHolds.get(row.id) ?? []).length > 0);
    const [only] = holding.length > 0 ? holding : rows;
    if (!only || holding.length > 1) {
      throw conflict(
        'Two bookings share that reference: open the booking in the admin and claim from it there.',
        'ambiguous_reference',
      );
    }
    return only;
  }

  /** The owner's claim: `amountPence` of what is held kept, for `reason`; the rest released or refunded. */
  async function claim(reference: string, input: DamageHoldClaim, by: string): Promise<DamageHoldView> {
    const stay = await ownersStay(reference);
    const rows = await holdRowsOf(db, stay.id);
    const row = holdingRow(rows) ?? activeRow(rows);
    if (!row || (row.status !== 'held' && row.status !== 'charged')) {
      throw conflict(
        row?.status === 'claimed' || row?.status === 'claiming'
          ? 'This damage deposit has already been claimed.'
          : row && ['released', 'refunded', 'replaced', 'canceled', 'releasing'].includes(row.status)
            ? 'This damage deposit has already been released, so nothing can be claimed from it.'
            : 'Nothing is held for this booking, so nothing can be claimed.',
        'nothing_held',
      );
    }
    if (input.amountPence > row.amountPence) {
      throw badRequest(
        `You can claim at most ${formatGbp(row.amountPence)}, the amount held.`,
        'invalid_input',
        { field: 'amountPence' },
      );
    }
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      const moved = await moveHold(tx, {
        id: row.id,
        from: ['held', 'charged'],
        to: 'claiming',
        set: { claimedPence: input.amountPence, claimReason: input.reason, lastCallAt: now },
        now,
      });
      if (moved) {
        await audit(tx, {
          actor: by,
          action: 'damage_hold.claimed',
          details: {
            stayId: stay.id,
            amountPence: moved.amountPence,
            claimedPence: input.amountPence,
            reason: input.reason,
          },
          at: now,
        });
      }
      return moved;
    });
    if (!claimed)
      throw conflict('This damage deposit is changing right now. Reload in a minute.', 'hold_busy');
    try {
      await callClaim(claimed);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Stays 'claiming': the job asks again with the same keys, so nothing is taken twice.
      log.error({ err: error, stayId: stay.id }, 'claiming a damage deposit failed at the provider');
      throw badGateway(
        'The payment service could not be reached. The claim will be completed automatically.',
        'payment_provider_unavailable',
      );
    }
    const view = holdView(stay, await holdRowsOf(db, stay.id), await readArrivalSettings(db));
    if (!view) throw new Error('a claimed damage deposit has no view');
    return view;
  }

  return { runDue, viewOf, authorise, claim, findHold: (id: string) => findHold(db, id) };
}

export type DamageHolds = ReturnType<typeof createDamageHolds>;
