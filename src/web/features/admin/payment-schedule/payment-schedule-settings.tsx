import { z } from 'zod';
import {
  DEFAULT_BALANCE_DAYS_BEFORE,
  DEFAULT_DEPOSIT_PERCENT,
  type PaymentScheduleSetting,
  PaymentScheduleSettingSchema,
} from '../../../../domain/payment-schedule.ts';
import { LABEL_CLASS } from '../../../components/ui/field.tsx';
import { FormField, FormInput, FormSubmit, readAt } from '../../../components/ui/form.tsx';
import { SettingCard } from '../shared/setting-form.tsx';
import { paymentSchedule } from './payment-schedule-api.ts';

/** The figures as typed, read by the server's own schema. */
const ScheduleForm = z
  .object({ mode: z.enum(['full', 'deposit']), depositPercent: z.string(), balanceDaysBefore: z.string() })
  .transform((draft, context) =>
    readAt(
      PaymentScheduleSettingSchema,
      {
        mode: draft.mode,
        depositPercent: Number(draft.depositPercent || Number.NaN),
        balanceDaysBefore: Number(draft.balanceDaysBefore || Number.NaN),
      },
      context,
    ),
  );

/**
 * The owner's payment schedule (decision 016): pay in full, or a deposit of P % now and the balance charged
 * automatically D days before check-in (stays booked inside D days are paid in full). Self-contained: its own
 * reads and writes, so it can sit in any admin tab (today its own; later beside the prices).
 */
export function PaymentScheduleSettings() {
  return (
    <SettingCard
      setting={paymentSchedule}
      what="the schedule"
      headingId="payment-schedule-heading"
      title="Payment schedule"
      className="max-w-xl"
      frame={false}
      intro={
        <>
          How new bookings are paid. A booking keeps the schedule it was made under; the balance is charged
          automatically to the card the guest saved, and a guest whose card fails gets a link to pay.
        </>
      }
      schema={ScheduleForm}
      toForm={(schedule) => ({
        mode: schedule.mode,
        depositPercent: String(schedule.depositPercent),
        balanceDaysBefore: String(schedule.balanceDaysBefore),
      })}
      saved={(setting: PaymentScheduleSetting) => ({
        title: 'Payment Schedule Saved',
        description:
          setting.mode === 'full'
            ? 'New bookings are paid in full.'
            : `New bookings more than ${setting.balanceDaysBefore} days ahead pay a ${setting.depositPercent} % deposit.`,
      })}
    >
      {(form) => {
        const full = form.watch('mode') === 'full';
        return (
          <>
            <fieldset className="space-y-2">
              <legend className={LABEL_CLASS}>When guests pay</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="full" className="size-4" {...form.register('mode')} />
                Pay in full when booking
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="deposit" className="size-4" {...form.register('mode')} />
                Deposit now, balance later
              </label>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                name="depositPercent"
                label="Deposit (%)"
                id="deposit-percent"
                hint={`Default ${DEFAULT_DEPOSIT_PERCENT} %`}
              >
                <FormInput inputMode="numeric" disabled={full} />
              </FormField>
              <FormField
                name="balanceDaysBefore"
                label="Balance due (days before check-in)"
                id="balance-days-before"
                hint={`Default ${DEFAULT_BALANCE_DAYS_BEFORE}; stays booked inside it are paid in full`}
              >
                <FormInput inputMode="numeric" disabled={full} />
              </FormField>
            </div>
            <FormSubmit pendingLabel="Saving...">Save Schedule</FormSubmit>
          </>
        );
      }}
    </SettingCard>
  );
}
