import { z } from 'zod';
import { DamageHoldClaimSchema, type DamageHoldView } from '../../../../domain/api/damage-holds.ts';
import { formatGbp } from '../../../../domain/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Form, FormAlert, FormField, FormTextarea } from '../../../components/ui/form.tsx';
import { toast } from '../../../lib/toast.ts';
import { formatMoment } from '../shared/format-moment.ts';
import { FormNumberInput } from '../shared/number-input.tsx';
import { useClaimDamageHold } from './stay-check-in-api.ts';

/** The owner's words for where a stay's damage deposit stands (docs/decisions/031-damage-deposit-hold.md). */
export const HOLD_STATUS_LABELS: Record<DamageHoldView['status'], string> = {
  planned: 'Not placed yet',
  held: 'Held on the guest’s card',
  charged: 'Charged, to be refunded',
  needs_authorisation: 'Declined: waiting for the guest to authorise it',
  released: 'Released',
  refunded: 'Refunded',
  claimed: 'Claimed',
};

const HOLD_KIND_LABELS: Record<DamageHoldView['kind'], string> = {
  hold: 'one hold',
  hold_renewed: 'a hold, renewed once',
  charge: 'a charge, refunded on the release day',
};

/** The claim as the owner types it: pounds, at most what is held, and the reason the guest is e-mailed. */
export const claimForm = (heldPence: number) =>
  z
    .object({
      amount: z
        .number({ error: 'Give the amount in pounds, e.g. 120 or 120.50.' })
        .positive('Give an amount above £0.')
        .refine((pounds) => Math.round(pounds * 100) <= heldPence, {
          message: `At most ${formatGbp(heldPence)}, the deposit held.`,
        }),
      reason: DamageHoldClaimSchema.shape.reason,
    })
    .transform(({ amount, reason }) => ({ amountPence: Math.round(amount * 100), reason }));

/** A stay's damage deposit for the owner: how and when it is held, where it stands, and the claim. */
export function StayDamageHold({ stayId, hold }: { stayId: string; hold: DamageHoldView }) {
  const claim = useClaimDamageHold(stayId);
  const claimable = hold.status === 'held' || hold.status === 'charged';
  return (
    <section aria-labelledby="stay-damage-hold-heading" className="mt-3">
      <h4 id="stay-damage-hold-heading" className="font-medium">
        Damage deposit
      </h4>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-stone-700">
        <dt>Amount</dt>
        <dd>
          {formatGbp(hold.amountPence)}, {HOLD_KIND_LABELS[hold.kind]}
        </dd>
        <dt>Status</dt>
        <dd>{HOLD_STATUS_LABELS[hold.status]}</dd>
        <dt>Placed</dt>
        <dd>{formatMoment(hold.placeAt)}</dd>
        <dt>Released</dt>
        <dd>{formatMoment(hold.releaseAt)}</dd>
        {hold.claimedPence === null ? null : (
          <>
            <dt>Claimed</dt>
            <dd>
              {formatGbp(hold.claimedPence)}: {hold.claimReason}
            </dd>
          </>
        )}
      </dl>
      {claimable ? (
        <Form
          aria-label="Claim from the deposit"
          schema={claimForm(hold.amountPence)}
          defaultValues={{ amount: Number.NaN, reason: '' }}
          onSubmit={async (values) => {
            const claimed = await claim.mutateAsync(values);
            toast({
              title: 'Deposit Claimed',
              description: `${formatGbp(claimed.claimedPence ?? values.amountPence)} taken; the rest is released and the guest is e-mailed the reason.`,
            });
          }}
          className="mt-3 space-y-2"
        >
          <FormField
            name="amount"
            label="Amount to take (£)"
            hint={`Up to ${formatGbp(hold.amountPence)}; the rest is released.`}
          >
            <FormNumberInput />
          </FormField>
          <FormField name="reason" label="Reason" hint="The guest is e-mailed it.">
            <FormTextarea rows={2} />
          </FormField>
          <FormAlert className="text-red-800" />
          <Button type="submit" size="sm" variant="danger-outline" disabled={claim.isPending}>
            {claim.isPending ? 'Claiming...' : 'Claim from the deposit'}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
