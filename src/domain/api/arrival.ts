import { z } from 'zod';
import { MAX_RELEASE_DAYS } from '../damage-hold.ts';
import { dateField, PG_INTEGER_MAX, textField, wholeNumber } from '../input-fields.ts';
import { isNationality, needsPassport } from '../nationality.ts';
import { DamageHoldViewSchema } from './damage-holds.ts';
import { calendarDay, timestamp } from './fields.ts';

/**
 * Schemas of online check-in before arrival (docs/decisions/025-online-check-in.md): the guest register of the
 * Immigration (Hotel Records) Order 1972, the owner's house agreement and its acceptance, and the owner's
 * arrival settings.
 */

export const ARRIVAL_STEPS = ['register', 'agreement', 'hold'] as const;
export type ArrivalStep = (typeof ARRIVAL_STEPS)[number];
export const ARRIVAL_STEP_LABELS: Record<ArrivalStep, string> = {
  register: 'the guest register',
  agreement: 'the house agreement',
  hold: 'the damage deposit',
};

const optionalText = (max: number, message: string) => textField().trim().max(max, message).default('');

/** One guest of the register as the guest fills it. Fields the nationality does not require are not kept. */
export const RegisterGuestInputSchema = z
  .object({
    /** Under 16: not in the register (article 4(1) of the Order); nothing else is asked. */
    under16: z.boolean().default(false),
    fullName: optionalText(200, 'The full name is too long.'),
    /** ISO 3166-1 alpha-2 ('FR'), or 'XX' for a stateless guest. */
    nationality: textField().trim().toUpperCase().max(2, 'Choose the nationality from the list.').default(''),
    passportNumber: optionalText(50, 'The passport number is too long.'),
    passportPlaceOfIssue: optionalText(200, 'The place of issue is too long.'),
    nextDestination: optionalText(500, 'The next destination is too long.'),
  })
  .superRefine((guest, context) => {
    // Zod runs this refinement even when a field failed its own type check: those fields have their sentence.
    if (guest.under16 === true || typeof guest.fullName !== 'string' || typeof guest.nationality !== 'string')
      return;
    if (guest.fullName.length < 2) {
      context.addIssue({ code: 'custom', path: ['fullName'], message: 'Give the guest’s full name.' });
    }
    if (!isNationality(guest.nationality)) {
      context.addIssue({
        code: 'custom',
        path: ['nationality'],
        message: 'Choose the guest’s nationality from the list.',
      });
      return;
    }
    if (!needsPassport(guest.nationality)) return;
    if (typeof guest.passportNumber === 'string' && guest.passportNumber === '') {
      context.addIssue({
        code: 'custom',
        path: ['passportNumber'],
        message: 'Give the number of the passport or other identity document.',
      });
    }
    if (typeof guest.passportPlaceOfIssue === 'string' && guest.passportPlaceOfIssue === '') {
      context.addIssue({
        code: 'custom',
        path: ['passportPlaceOfIssue'],
        message: 'Give the place where the passport or document was issued.',
      });
    }
  })
  .transform((guest) => {
    // Keep exactly what the nationality requires, and no more (article 4 of the Order; UK GDPR's minimisation).
    if (guest.under16) return { ...EMPTY_GUEST, under16: true };
    const passport = needsPassport(guest.nationality);
    return {
      under16: false,
      fullName: guest.fullName,
      nationality: guest.nationality,
      passportNumber: passport ? guest.passportNumber : '',
      passportPlaceOfIssue: passport ? guest.passportPlaceOfIssue : '',
      nextDestination: passport ? guest.nextDestination : '',
    };
  });
export type RegisterGuestInput = z.input<typeof RegisterGuestInputSchema>;
export type RegisterGuest = z.output<typeof RegisterGuestInputSchema>;

export const EMPTY_GUEST = {
  under16: false,
  fullName: '',
  nationality: '',
  passportNumber: '',
  passportPlaceOfIssue: '',
  nextDestination: '',
};

/** `PUT /api/manage/{reference}/check-in`: every guest of the booking, saved whole or not at all. */
export const CheckInUpdateSchema = z.object({
  guests: RegisterGuestInputSchema.array().min(1, 'Give at least one guest.').max(50, 'Too many guests.'),
});

const StoredGuestSchema = z.object({
  under16: z.boolean(),
  fullName: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  passportPlaceOfIssue: z.string(),
  nextDestination: z.string(),
});

export const HouseAgreementSchema = z.object({
  version: z.number().int(),
  text: z.string(),
  createdAt: timestamp,
});
export type HouseAgreement = z.infer<typeof HouseAgreementSchema>;

export const AgreementAcceptanceSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  acceptedAt: timestamp,
  /** The address the acceptance came from (the owner's proof; never shown to the guest). */
  address: z.string().optional(),
});
export type AgreementAcceptance = z.infer<typeof AgreementAcceptanceSchema>;

/** What is done and what is still open before a stay's access code is sent. */
export const ReadinessSchema = z.object({
  required: z.object({ register: z.boolean(), agreement: z.boolean(), hold: z.boolean() }),
  registerComplete: z.boolean(),
  agreementAccepted: z.boolean(),
  /** The damage deposit is held (or charged) on the guest's card (docs/decisions/031-damage-deposit-hold.md). */
  holdInPlace: z.boolean(),
  missing: z.enum(ARRIVAL_STEPS).array(),
  ready: z.boolean(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** `GET /api/manage/{reference}/check-in`: the guest's register so far, the agreement, and what is missing. */
export const CheckInSchema = z.object({
  guestCount: z.number().int(),
  guests: StoredGuestSchema.array(),
  agreement: HouseAgreementSchema.nullable(),
  acceptance: AgreementAcceptanceSchema.omit({ address: true }).nullable(),
  readiness: ReadinessSchema,
  /** The damage deposit; null when the owner holds none. */
  damageHold: DamageHoldViewSchema.nullable(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

/** The guest accepts the house agreement by typing their full name. */
export const AgreementAcceptSchema = z.object({
  version: wholeNumber('version', { min: 1, max: PG_INTEGER_MAX }),
  fullName: textField()
    .trim()
    .min(2, 'Type your full name to accept the agreement.')
    .max(200, 'The name is too long.'),
});

/** The owner writes the agreement; each save is a new version. */
export const HouseAgreementInputSchema = z.object({
  text: textField({ multiline: true })
    .trim()
    .min(1, 'Write the house agreement first.')
    .max(20_000, 'The house agreement is too long.'),
});
export const HouseAgreementListSchema = z.object({ versions: HouseAgreementSchema.array() });

/** The owner's arrival settings (`GET`/`PUT /api/admin/arrival-settings`). */
export const ArrivalSettingsSchema = z.object({
  requireRegister: z.boolean(),
  requireAgreement: z.boolean(),
  /** The damage deposit held before arrival, in pence; 0: no hold. */
  damageHoldPence: wholeNumber('damageHoldPence', { min: 0, max: 1_000_000 }),
  /** Days after check-out the hold is released unless the owner claims. */
  releaseDays: wholeNumber('releaseDays', { min: 0, max: MAX_RELEASE_DAYS }),
});
export type ArrivalSettings = z.infer<typeof ArrivalSettingsSchema>;

/** A stay's check-in for the owner: the register, the acceptance (with its address) and readiness. */
export const StayCheckInSchema = z.object({
  guests: StoredGuestSchema.array(),
  acceptance: AgreementAcceptanceSchema.nullable(),
  readiness: ReadinessSchema,
  /** The damage deposit and the owner's claim; null when the owner holds none. */
  damageHold: DamageHoldViewSchema.nullable(),
});
export type StayCheckIn = z.infer<typeof StayCheckInSchema>;

/** `GET /api/admin/guest-register?from=…&to=…[&format=csv]`: every registered guest of stays in the dates. */
export const GuestRegisterQuerySchema = z
  .object({
    from: dateField('from', { written: true }),
    to: dateField('to', { written: true }),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  })
  .refine((query) => query.to >= query.from, { message: 'to must not be before from.', path: ['to'] });

export const GuestRegisterEntrySchema = z.object({
  reference: z.string(),
  checkIn: calendarDay,
  checkOut: calendarDay,
  fullName: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  passportPlaceOfIssue: z.string(),
  nextDestination: z.string(),
});
export type GuestRegisterEntry = z.infer<typeof GuestRegisterEntrySchema>;
export const GuestRegisterSchema = z.object({
  from: calendarDay,
  to: calendarDay,
  entries: GuestRegisterEntrySchema.array(),
});
