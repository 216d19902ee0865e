import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DamageHoldView } from '../../../../domain/api/damage-holds.ts';
import { textOf } from '../../../test/text-of.ts';
import { claimForm, StayDamageHold } from './stay-damage-hold.tsx';

const hold: DamageHoldView = {
  amountPence: 25_000,
  kind: 'hold',
  description: 'A damage deposit of £250 will be held on your card the day before you arrive…',
  status: 'held',
  placeAt: '2027-07-03T09:00:00.000Z',
  releaseAt: '2027-07-08T11:00:00.000Z',
  claimedPence: null,
  claimReason: null,
};

const render = (view: DamageHoldView) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <StayDamageHold stayId="8d386281-0000-4000-8000-000000000000" hold={view} />
    </QueryClientProvider>,
  );

describe("a stay's damage deposit for the owner", () => {
  it('shows the amount, how and when it is held, and the claim form while it is held', () => {
    const html = render(hold);
    expect(textOf(html)).toContain(
      'Damage deposit Amount £250, one hold Status Held on the guest’s card Placed 3 Jul, 10:00 Released 8 Jul, 12:00',
    );
    expect(html).toContain('aria-label="Claim from the deposit"');
    expect(textOf(html)).toContain('Amount to take (£) Up to £250; the rest is released.');
    expect(textOf(html)).toContain('Claim from the deposit');
  });

  it('shows what was claimed and why, and no form once the deposit is settled', () => {
    const html = render({ ...hold, status: 'claimed', claimedPence: 8_050, claimReason: 'A broken lamp.' });
    expect(textOf(html)).toContain(
      'Status Claimed Placed 3 Jul, 10:00 Released 8 Jul, 12:00 Claimed £80.50: A broken lamp.',
    );
    expect(html).not.toContain('aria-label="Claim from the deposit"');
    expect(render({ ...hold, status: 'released' })).not.toContain('aria-label="Claim from the deposit"');
  });
});

describe("the owner's claim as typed", () => {
  const form = claimForm(25_000);
  const messages = (values: unknown) => form.safeParse(values).error?.issues.map((issue) => issue.message);
  it('takes pounds up to the deposit held, with a reason, and sends pence', () => {
    expect(form.parse({ amount: 80.5, reason: ' A broken lamp. ' })).toEqual({
      amountPence: 8_050,
      reason: 'A broken lamp.',
    });
    expect(form.parse({ amount: 250, reason: 'The sofa.' }).amountPence).toBe(25_000);
  });
  it('says what is wrong: more than is held, no amount, no reason', () => {
    expect(messages({ amount: 250.01, reason: 'The sofa.' })).toEqual(['At most £250, the deposit held.']);
    expect(messages({ amount: Number.NaN, reason: 'The sofa.' })).toEqual([
      'Give the amount in pounds, e.g. 120 or 120.50.',
    ]);
    expect(messages({ amount: 10, reason: '' })).toEqual([
      'Say why you are claiming from the damage deposit.',
    ]);
  });
});
