import type { ClientConfig } from '../../../domain/api/payments.ts';
import { describeDamageHold, planDamageHold } from '../../../domain/damage-hold.ts';
import type { IsoDate } from '../../../domain/dates.ts';
import { formatGbp } from '../../../domain/format.ts';
import { ConsentBox } from './payment-schedule-note.tsx';
import { HOLD_CONSENT_NEEDED } from './use-booking-payment.ts';

/**
 * The owner's damage deposit for the chosen dates, said before payment in the words the guest's page and e-mails
 * use (the domain's plan, on the property's clock: docs/decisions/031-damage-deposit-hold.md), and the guest's
 * agreement to the card being saved for it. `asked` as PaymentScheduleNote's.
 */
export function DamageHoldNote({
  setting,
  stay,
  consent,
  onConsentChange,
  asked = 0,
}: {
  setting: NonNullable<ClientConfig['damageHold']>;
  stay: { checkIn: IsoDate; checkOut: IsoDate };
  consent: boolean;
  onConsentChange(value: boolean): void;
  asked?: number;
}) {
  const plan = planDamageHold({ ...stay, releaseDays: setting.releaseDays });
  return (
    <section
      aria-label="Damage deposit"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <p className="text-stone-800" data-testid="damage-hold">
        {describeDamageHold(plan, setting.amountPence)}
      </p>
      <ConsentBox
        consent={consent}
        onConsentChange={onConsentChange}
        asked={asked}
        needed={HOLD_CONSENT_NEEDED}
      >
        I agree that my card is saved for the damage deposit of {formatGbp(setting.amountPence)},{' '}
        {plan.kind === 'charge' ? 'charged and refunded' : 'held and released'} as described above.
      </ConsentBox>
    </section>
  );
}
