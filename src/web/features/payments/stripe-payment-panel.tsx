import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentRequest, PaymentRequestPaymentMethodEvent } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { formatGbp } from '../../../domain/format.ts';
import { COUNTRY, CURRENCY, PROPERTY_NAME } from '../../../domain/property.ts';
import { Button } from '../../components/ui/button.tsx';
import { CompletePaymentDialog, WALLET_UNAVAILABLE } from './complete-payment-dialog.tsx';
import { todayDescription } from './payment-schedule-note.tsx';
import type { PaymentPanelProps } from './payment-types.ts';
import { getStripe } from './stripe-loader.ts';
import { useCardPayment, whenConsented } from './use-booking-payment.ts';

/** Stripe mode of the booking card: the Card Element in the 'Complete Payment' dialog, and the wallet button. */
export default function StripePaymentPanel(props: PaymentPanelProps & { publishableKey: string }) {
  const [stripe] = useState(() => getStripe(props.publishableKey));
  return (
    <Elements stripe={stripe} options={{ locale: 'en-GB' }}>
      <StripePaymentButtons {...props} />
    </Elements>
  );
}

function StripePaymentButtons(props: PaymentPanelProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { payment, payByCard, openDialog, dialog, busy } = useCardPayment(props);
  const paymentRef = useRef(payment);
  paymentRef.current = payment;
  const [wallet, setWallet] = useState<PaymentRequest | null>(null);
  // What is charged now: the deposit under a deposit plan (docs/decisions/016), else the total.
  const amountPence = props.plan?.todayPence ?? props.quote.totalPence;

  // Apple Pay / Google Pay through the Payment Request API (country GB, currency gbp, payer name, e-mail, phone).
  useEffect(() => {
    if (!stripe || amountPence <= 0) return;
    let active = true;
    const request = stripe.paymentRequest({
      country: COUNTRY,
      currency: CURRENCY,
      total: { label: PROPERTY_NAME, amount: amountPence },
      requestPayerName: true,
      requestPayerEmail: true,
      requestPayerPhone: true,
    });
    request.on('paymentmethod', async (event: PaymentRequestPaymentMethodEvent) => {
      const pay = paymentRef.current;
      try {
        const intent = await pay.hold(['card']);
        const first = await stripe.confirmCardPayment(
          intent.clientSecret,
          { payment_method: event.paymentMethod.id },
          { handleActions: false },
        );
        if (first.error) {
          event.complete('fail');
          pay.failed(first.error.message);
          return;
        }
        event.complete('success');
        let status = first.paymentIntent.status;
        if (status === 'requires_action') {
          const second = await stripe.confirmCardPayment(intent.clientSecret);
          if (second.error) {
            pay.failed(second.error.message);
            return;
          }
          status = second.paymentIntent.status;
        }
        if (status !== 'succeeded') {
          pay.failed('Please try again.');
          return;
        }
        const booking = await pay.complete(intent.paymentIntentId);
        pay.succeeded(booking, {
          title: 'Payment Successful!',
          description: "Your booking has been confirmed. You'll receive an email confirmation shortly.",
        });
      } catch {
        event.complete('fail');
        pay.failed('An error occurred. Please try again.');
      }
    });
    request
      .canMakePayment()
      .then((result) => {
        if (active && result) setWallet(request);
      })
      .catch(() => {});
    return () => {
      active = false;
      request.off('paymentmethod');
      setWallet(null);
    };
  }, [stripe, amountPence]);

  const payWithCardElement = () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      payment.failed('Card element not found');
      return;
    }
    const { contact } = props;
    const postcode = dialog.postcode.trim();
    return payByCard(async (intent) => {
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: {
          card,
          billing_details: {
            name: contact.contactName,
            email: contact.contactEmail,
            ...(contact.contactPhone ? { phone: contact.contactPhone } : {}),
            ...(postcode ? { address: { postal_code: postcode } } : {}),
          },
        },
      });
      if (result.error) return result.error.message ?? 'Please try again.';
      return result.paymentIntent.status === 'succeeded' ? null : 'Please try again.';
    });
  };

  return (
    <div className="space-y-3">
      <Button className="w-full" onClick={openDialog}>
        Pay with Card
      </Button>
      {wallet ? (
        <Button
          className="w-full"
          onClick={() => whenConsented(props, () => wallet.show(), payment.failed)}
          disabled={busy}
        >
          Pay with Apple Pay / Google Pay
        </Button>
      ) : (
        <p className="text-center text-sm text-stone-600">{WALLET_UNAVAILABLE}</p>
      )}
      <CompletePaymentDialog
        {...dialog}
        amountLabel={formatGbp(amountPence)}
        description={todayDescription(props.plan)}
        onPay={payWithCardElement}
      >
        <fieldset>
          <legend className="font-medium text-sm">Card details</legend>
          <div className="mt-1 rounded-md border border-stone-300 bg-white px-3 py-3">
            <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
          </div>
        </fieldset>
      </CompletePaymentDialog>
    </div>
  );
}
