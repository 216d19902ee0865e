import { type FormEvent, useEffect, useState } from 'react';
import {
  DEFAULT_BALANCE_DAYS_BEFORE,
  DEFAULT_DEPOSIT_PERCENT,
  PaymentScheduleSettingSchema,
} from '../../../domain/payment-schedule.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, LABEL_CLASS } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../lib/toast.ts';
import { useAdminPaymentSchedule, useSavePaymentSchedule } from './payment-schedule-api.ts';

type Draft = { mode: 'full' | 'deposit'; depositPercent: string; balanceDaysBefore: string };

/**
 * The owner's payment schedule (decision 016): pay in full, or a deposit of P % now and the balance charged
 * automatically D days before check-in (stays booked inside D days are paid in full). Self-contained: its own
 * reads and writes, so it can sit in any admin tab (today its own; later beside the prices).
 */
export function PaymentScheduleSettings() {
  const current = useAdminPaymentSchedule();
  const save = useSavePaymentSchedule();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});

  useEffect(() => {
    if (current.data && draft === null) {
      setDraft({
        mode: current.data.mode,
        depositPercent: String(current.data.depositPercent),
        balanceDaysBefore: String(current.data.balanceDaysBefore),
      });
    }
  }, [current.data, draft]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    const parsed = PaymentScheduleSettingSchema.safeParse({
      mode: draft.mode,
      depositPercent: Number(draft.depositPercent || Number.NaN),
      balanceDaysBefore: Number(draft.balanceDaysBefore || Number.NaN),
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Draft] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast({
        title: 'Payment Schedule Saved',
        description:
          parsed.data.mode === 'full'
            ? 'New bookings are paid in full.'
            : `New bookings more than ${parsed.data.balanceDaysBefore} days ahead pay a ${parsed.data.depositPercent} % deposit.`,
      });
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="payment-schedule-heading" className="max-w-xl">
      <h2 id="payment-schedule-heading" className="font-serif text-xl">
        Payment schedule
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        How new bookings are paid. A booking keeps the schedule it was made under; the balance is charged
        automatically to the card the guest saved, and a guest whose card fails gets a link to pay.
      </p>
      {current.isPending || !draft ? (
        <p className="mt-4 text-sm" role="status">
          {current.isError
            ? `Could not read the schedule: ${current.error.message}`
            : 'Loading the schedule…'}
        </p>
      ) : (
        <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
          <fieldset className="space-y-2">
            <legend className={LABEL_CLASS}>When guests pay</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="payment-schedule-mode"
                className="size-4"
                checked={draft.mode === 'full'}
                onChange={() => setDraft({ ...draft, mode: 'full' })}
              />
              Pay in full when booking
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="payment-schedule-mode"
                className="size-4"
                checked={draft.mode === 'deposit'}
                onChange={() => setDraft({ ...draft, mode: 'deposit' })}
              />
              Deposit now, balance later
            </label>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Deposit (%)"
              id="deposit-percent"
              error={errors.depositPercent}
              hint={`Default ${DEFAULT_DEPOSIT_PERCENT} %`}
            >
              <Input
                inputMode="numeric"
                value={draft.depositPercent}
                disabled={draft.mode === 'full'}
                onChange={(e) => setDraft({ ...draft, depositPercent: e.target.value })}
              />
            </Field>
            <Field
              label="Balance due (days before check-in)"
              id="balance-days-before"
              error={errors.balanceDaysBefore}
              hint={`Default ${DEFAULT_BALANCE_DAYS_BEFORE}; stays booked inside it are paid in full`}
            >
              <Input
                inputMode="numeric"
                value={draft.balanceDaysBefore}
                disabled={draft.mode === 'full'}
                onChange={(e) => setDraft({ ...draft, balanceDaysBefore: e.target.value })}
              />
            </Field>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Schedule'}
          </Button>
        </form>
      )}
    </section>
  );
}
