import { useState } from 'react';
import type { DemoCard, DemoIntentStatus } from '../../../domain/api/payments.ts';
import { DemoAuthenticationDialog } from './demo-card-fields.tsx';
import { authenticateDemoPayment, confirmDemoPayment } from './payment-api.ts';

type Decide = (outcome: 'complete' | 'fail') => void;

/** The demo authentication step as a promise: `ask()` opens the dialog and resolves with the guest's choice. */
export function useDemoAuthentication() {
  const [decide, setDecide] = useState<Decide | null>(null);
  const ask = () => new Promise<'complete' | 'fail'>((resolve) => setDecide(() => resolve));
  const dialog = (
    <DemoAuthenticationDialog
      open={decide !== null}
      onDecide={(outcome) => {
        decide?.(outcome);
        setDecide(null);
      }}
    />
  );
  return { ask, dialog };
}

/** What Stripe.js's confirmCardPayment does, in demo mode: one attempt, with the authentication step if asked. */
export async function payDemoIntent(
  intent: { paymentIntentId: string; clientSecret: string },
  card: DemoCard,
  postcode: string,
  ask: () => Promise<'complete' | 'fail'>,
): Promise<DemoIntentStatus> {
  const status = await confirmDemoPayment(intent.paymentIntentId, {
    clientSecret: intent.clientSecret,
    card,
    postcode,
  });
  if (status.status !== 'requires_action') return status;
  const outcome = await ask();
  return authenticateDemoPayment(intent.paymentIntentId, { clientSecret: intent.clientSecret, outcome });
}
