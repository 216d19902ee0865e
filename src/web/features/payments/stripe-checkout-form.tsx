import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { type CheckoutFormProps, CONFIRMED_STATUSES } from './payment-types.ts';
import { getStripe } from './stripe-loader.ts';

/** Stripe mode of the checkout page: the Payment Element in the tabs layout, wallets automatic. */
export default function StripeCheckoutForm(props: CheckoutFormProps) {
  const [stripe] = useState(() => getStripe(props.publishableKey));
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret, locale: 'en-GB' }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ bookingId, onSucceeded, onFailed, onError, authorising }: CheckoutFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready) return; // the payment form must be loaded first (spec section 5)
    setProcessing(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: {
          return_url: `${window.location.origin}${authorising?.returnPath ?? `/booking-success?bookingId=${encodeURIComponent(bookingId)}`}`,
        },
      });
      if (result.error) onFailed(result.error.message);
      else if (CONFIRMED_STATUSES.has(result.paymentIntent.status))
        await onSucceeded(result.paymentIntent.id);
      else onFailed(undefined);
    } catch {
      onError();
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <PaymentElement
        onReady={() => setReady(true)}
        options={{ layout: 'tabs', wallets: { applePay: 'auto', googlePay: 'auto' } }}
      />
      <Button type="submit" className="w-full py-3" disabled={!stripe || !ready || processing}>
        {processing ? 'Processing Payment...' : (authorising?.label ?? 'Complete Booking')}
      </Button>
    </form>
  );
}
