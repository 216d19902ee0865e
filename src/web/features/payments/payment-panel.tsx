import { lazy, Suspense, useState } from 'react';
import { formatGbp } from '../../../domain/format.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  CompletePaymentDialog,
  DEMO_LABEL,
  DemoNotice,
  WALLET_UNAVAILABLE,
} from './complete-payment-dialog.tsx';
import { type DemoCardDraft, DemoCardFields, EMPTY_DEMO_CARD, parseDemoCard } from './demo-card-fields.tsx';
import { payDemoIntent, useDemoAuthentication } from './demo-payment.tsx';
import { useClientConfig } from './payment-api.ts';
import { todayDescription } from './payment-schedule-note.tsx';
import type { PaymentPanelProps } from './payment-types.ts';
import { useCardPayment } from './use-booking-payment.ts';

// Stripe.js and its React bindings load only when a Stripe-mode panel mounts, never on first paint.
const StripePaymentPanel = lazy(() => import('./stripe-payment-panel.tsx'));

/** The card and wallet payment buttons of the booking card (spec section 4, steps 3–7). */
export function PaymentPanel(props: PaymentPanelProps) {
  const config = useClientConfig();
  if (config.isPending) {
    return (
      <p className="text-sm text-stone-600" role="status">
        Loading payment options…
      </p>
    );
  }
  if (config.isError) {
    return (
      <p className="text-red-800 text-sm" role="alert">
        Payments are unavailable right now. Please try again in a moment.
      </p>
    );
  }
  if (config.data.payments === 'off') {
    return (
      <p className="text-sm text-stone-700" role="status">
        Online payment is not open yet. Please{' '}
        <a className="underline" href="/contact">
          contact us
        </a>{' '}
        and we will book these dates for you.
      </p>
    );
  }
  if (config.data.payments === 'stripe' && config.data.stripePublishableKey) {
    return (
      <Suspense
        fallback={
          <p className="text-sm text-stone-600" role="status">
            Loading payment options…
          </p>
        }
      >
        <StripePaymentPanel {...props} publishableKey={config.data.stripePublishableKey} />
      </Suspense>
    );
  }
  return <DemoPaymentPanel {...props} />;
}

/** Demo mode: the same dialog with a clearly labelled test-card form; no wallets. */
function DemoPaymentPanel(props: PaymentPanelProps) {
  const { payment, payByCard, openDialog, dialog, busy } = useCardPayment(props);
  const authentication = useDemoAuthentication();
  const [card, setCard] = useState<DemoCardDraft>(EMPTY_DEMO_CARD);

  const pay = async () => {
    const parsed = parseDemoCard(card);
    if ('error' in parsed) {
      payment.failed(parsed.error);
      return;
    }
    const paid = await payByCard(async (intent) => {
      const result = await payDemoIntent(intent, parsed, dialog.postcode, authentication.ask);
      return result.status === 'succeeded' ? null : (result.error ?? 'Please try again.');
    });
    if (paid) setCard(EMPTY_DEMO_CARD);
  };

  return (
    <div className="space-y-3">
      <p className="text-amber-900 text-sm">{DEMO_LABEL}</p>
      <Button className="w-full" onClick={openDialog}>
        Pay with Card
      </Button>
      <p className="text-center text-sm text-stone-600">{WALLET_UNAVAILABLE}</p>
      <CompletePaymentDialog
        {...dialog}
        amountLabel={formatGbp(props.plan?.todayPence ?? props.quote.totalPence)}
        description={todayDescription(props.plan)}
        onPay={pay}
        notice={<DemoNotice />}
      >
        <DemoCardFields value={card} onChange={setCard} disabled={busy} />
      </CompletePaymentDialog>
      {authentication.dialog}
    </div>
  );
}
