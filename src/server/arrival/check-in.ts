import type { CheckIn, RegisterGuest } from '../../domain/api/arrival.ts';
import type { DamageHoldView } from '../../domain/api/damage-holds.ts';
import { todayOnPropertyClock } from '../../domain/dates.ts';
import { audit } from '../audit/audit.ts';
import type { BookingsRepository, StayRow } from '../bookings/bookings-repository.ts';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/database.ts';
import { badRequest, conflict } from '../errors.ts';
import { GUEST_ACTOR, requireManagedStay } from '../guest-journey/manage-booking.ts';
import { agreementVersionExists, currentAgreement, recordAcceptance } from './agreement.ts';
import { readArrival } from './readiness.ts';
import { replaceRegister } from './register.ts';

/**
 * Online check-in on the guest's manage page (docs/decisions/025-online-check-in.md): the guest register for
 * every guest of the booking and the acceptance of the house agreement. Each save is one transaction, so the
 * register is never half-saved; when a save completes the last required step, `stepsDone` queues the arrival
 * e-mail with the access code at once if its time has come.
 */
export function createCheckIn(deps: {
  db: Db;
  clock: Clock;
  bookings: BookingsRepository;
  /** Called after a save commits: queues any message now due for the stay (the access code, once ready). */
  stepsDone(stayId: string): Promise<void>;
  /** The stay's damage deposit (src/server/damage-holds/); null when the owner holds none. */
  damageHold(stay: StayRow): Promise<DamageHoldView | null>;
}) {
  const { db, clock } = deps;

  async function view(stay: StayRow): Promise<CheckIn> {
    // The deposit first: reading it records an authorisation the guest has just made, which readiness counts.
    const damageHold = await deps.damageHold(stay);
    const [arrival, agreement] = await Promise.all([
      readArrival(db, stay, clock.now()),
      currentAgreement(db),
    ]);
    const { address: _address, ...acceptance } = arrival.acceptance ?? {};
    return {
      guestCount: stay.guestCount,
      guests: arrival.guests,
      agreement,
      acceptance: arrival.acceptance ? (acceptance as CheckIn['acceptance']) : null,
      readiness: arrival.readiness,
      damageHold,
    };
  }

  /** A stay the guest may still check in: confirmed and not yet over. */
  async function openStay(reference: string, key: string | undefined): Promise<StayRow> {
    const stay = await requireManagedStay(db, reference, key);
    if (stay.status !== 'confirmed') throw conflict('This booking is cancelled.', 'already_canceled');
    if (stay.checkOut < todayOnPropertyClock(clock.now())) {
      throw conflict('Your stay is over, so its check-in can no longer be changed.', 'stay_over');
    }
    return stay;
  }

  /**
   * Saves one check-in step: `write` and its audit line (the guest's, naming the stay) in one transaction; then
   * the messages now due are queued and the stay's check-in is read again.
   */
  async function saveStep(
    stay: StayRow,
    entry: { action: string; details: Record<string, unknown> },
    write: (tx: Tx, now: Date) => Promise<void>,
  ): Promise<CheckIn> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await write(tx, now);
      await audit(tx, {
        actor: GUEST_ACTOR,
        action: entry.action,
        details: { stayId: stay.id, ...entry.details },
        at: now,
      });
    });
    await deps.stepsDone(stay.id);
    return view((await deps.bookings.findStay({ id: stay.id })) ?? stay);
  }

  return {
    async get(reference: string, key: string | undefined): Promise<CheckIn> {
      return view(await requireManagedStay(db, reference, key));
    },

    /** Saves the whole register: one entry per guest of the booking, or nothing at all. */
    async saveRegister(
      reference: string,
      key: string | undefined,
      guests: RegisterGuest[],
    ): Promise<CheckIn> {
      const stay = await openStay(reference, key);
      if (guests.length !== stay.guestCount) {
        throw badRequest(
          `This booking is for ${stay.guestCount} ${stay.guestCount === 1 ? 'guest' : 'guests'}: give the details of each of them.`,
          'invalid_input',
          { field: 'guests' },
        );
      }
      if (guests.every((guest) => guest.under16)) {
        throw badRequest('At least one guest must be 16 or over.', 'invalid_input', { field: 'guests' });
      }
      // The audit names the stay and how many guests, never their details.
      return saveStep(
        stay,
        { action: 'check_in.register_saved', details: { guests: guests.length } },
        (tx, now) => replaceRegister(tx, stay.id, guests, now),
      );
    },

    /** The guest accepts the agreement's version by typing their full name, from `address`. */
    async acceptAgreement(
      reference: string,
      key: string | undefined,
      acceptance: { version: number; fullName: string },
      address: string,
    ): Promise<CheckIn> {
      const stay = await openStay(reference, key);
      const current = await currentAgreement(db);
      if (!current || !(await agreementVersionExists(db, acceptance.version))) {
        throw conflict('There is no house agreement to accept.', 'no_agreement');
      }
      if (acceptance.version !== current.version) {
        throw conflict(
          'The house agreement has changed since you opened it. Read the new version and accept it again.',
          'agreement_changed',
        );
      }
      const entry = { action: 'check_in.agreement_accepted', details: { version: current.version } };
      return saveStep(stay, entry, (tx, now) =>
        recordAcceptance(tx, stay.id, {
          version: current.version,
          name: acceptance.fullName,
          address,
          acceptedAt: now,
        }),
      );
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckIn>;
