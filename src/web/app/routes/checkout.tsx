import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  type CardConsentRequired,
  CardConsentRequiredSchema,
  type CreatePaymentIntentResponse,
  type PublicBooking,
} from '../../../domain/api/payments.ts';
import { formatGbp, formatMediumDate } from '../../../domain/format.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { PANEL_CLASS, Panel } from '../../components/ui/panel.tsx';
import { DepositToAuthorise } from '../../features/check-in/deposit-to-authorise.tsx';
import { DamageHoldNote } from '../../features/payments/damage-hold-note.tsx';
import { DemoCheckoutForm } from '../../features/payments/demo-checkout-form.tsx';
import {
  createPaymentIntent,
  getBooking,
  messageOf,
  notifyPaymentSuccess,
  useClientConfig,
} from '../../features/payments/payment-api.ts';
import { PaymentScheduleNote } from '../../features/payments/payment-schedule-note.tsx';
import type { CheckoutFormCallbacks } from '../../features/payments/payment-types.ts';
import { missingConsent } from '../../features/payments/use-booking-payment.ts';
import { ApiRequestError } from '../../lib/api.ts';
import { rememberManageKey } from '../../lib/manage-key.ts';
import { pageMeta } from '../../lib/meta.ts';
import { toast } from '../../lib/toast.ts';

export const meta = () =>
  pageMeta({
    title: 'Checkout | The Tower',
    description: 'Complete the payment for your stay at The Tower.',
    path: '/checkout',
    noindex: true,
  });

// Stripe.js loads only when a Stripe-mode checkout form is shown.
const StripeCheckoutForm = lazy(() => import('../../features/payments/stripe-checkout-form.tsx'));

type State =
  | { kind: 'loading' }
  | { kind: 'setup-failed'; message: string; booking?: PublicBooking }
  | {
      kind: 'ready';
      booking: PublicBooking;
      /** Null until the guest agrees to what the card is saved for (`agreements`). */
      intent: Pick<CreatePaymentIntentResponse, 'paymentIntentId' | 'clientSecret'> | null;
      /** What the server asked the guest to agree to before paying: a deposit's balance, the damage deposit. */
      agreements?: CardConsentRequired;
    };

const showDate = formatMediumDate;

/**
 * `?damageHold={intent}&clientSecret={secret}&return={path}`, the link of the guest's booking page: the guest
 * authorises their damage deposit with their card, on-session, then goes back to that page
 * (docs/decisions/031-damage-deposit-hold.md). Only a path of a guest's booking page is followed back.
 */
function depositAuthorisation(search: URLSearchParams) {
  const paymentIntentId = search.get('damageHold');
  const clientSecret = search.get('clientSecret');
  const back = search.get('return') ?? '';
  if (!paymentIntentId || !clientSecret) return null;
  return { paymentIntentId, clientSecret, returnPath: back.startsWith('/booking/') ? back : '/' };
}

/**
 * What the checkout page takes, in pounds: the balance of a confirmed deposit booking whose balance is owed, the
 * deposit of a deposit booking not yet paid (a quote on the owner's payment schedule, a guest's deposit hold:
 * docs/decisions/016-deposit-now-balance-later.md), else the total.
 */
function amountDue(booking: PublicBooking): { part: 'balance' | 'deposit' | 'total'; pounds: number } {
  if (booking.balanceOutstanding && booking.balancePrice !== null) {
    return { part: 'balance', pounds: booking.balancePrice };
  }
  if (booking.status !== 'confirmed' && booking.depositPrice !== null) {
    return { part: 'deposit', pounds: booking.depositPrice };
  }
  return { part: 'total', pounds: booking.totalPrice };
}

/**
 * What the card is saved for, when the server refused to start the payment until the guest agrees to it (409
 * `card_consent_required`): the balance of a deposit plan (docs/decisions/016-deposit-now-balance-later.md), the
 * owner's damage deposit (docs/decisions/031-damage-deposit-hold.md), or both; else null.
 */
function consentAsked(error: unknown): CardConsentRequired | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'card_consent_required') return null;
  const asked = CardConsentRequiredSchema.safeParse(error.body).data;
  return asked && (asked.plan?.kind === 'deposit' || asked.damageHold) ? asked : null;
}

/** /checkout/{bookingId}: pay for an existing booking (spec sections 2 and 4, "Checkout flow"). */
export default function Checkout() {
  const { bookingId } = useParams();
  const navigate = useNavigate();
  const config = useClientConfig();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const authorisation = useMemo(() => depositAuthorisation(search), [search]);
  const [saveCardConsent, setSaveCardConsent] = useState(false);
  const [holdConsent, setHoldConsent] = useState(false);
  const [paidUnagreed, setPaidUnagreed] = useState(0);

  useEffect(() => {
    if (!bookingId) {
      toast({ title: 'Invalid Booking', description: 'No booking ID provided', variant: 'destructive' });
      navigate('/');
      return;
    }
    let active = true;
    (async () => {
      let booking: PublicBooking;
      try {
        booking = await getBooking(bookingId);
      } catch {
        if (!active) return;
        toast({
          title: 'Loading Error',
          description: 'Could not load booking details. Please try again.',
          variant: 'destructive',
        });
        navigate('/');
        return;
      }
      if (authorisation) {
        if (active) setState({ kind: 'ready', booking, intent: authorisation });
        return;
      }
      try {
        const intent = await createPaymentIntent({ amount: amountDue(booking).pounds, bookingId });
        rememberManageKey(intent.bookingId, intent.manageKey);
        if (active) setState({ kind: 'ready', booking, intent });
      } catch (error) {
        // A deposit plan or a damage deposit: the payment is made once the guest has ticked each box.
        const agreements = consentAsked(error);
        if (active && agreements) setState({ kind: 'ready', booking, intent: null, agreements });
        else if (active)
          setState({
            kind: 'setup-failed',
            message: messageOf(error, 'The payment could not be set up.'),
            booking,
          });
      }
    })();
    return () => {
      active = false;
    };
  }, [bookingId, navigate, authorisation]);

  // The agreement still missing, in the booking card's order (the balance's, then the damage deposit's).
  const agreements = state.kind === 'ready' ? state.agreements : undefined;
  const missing = agreements
    ? missingConsent({
        plan: agreements.plan,
        saveCardConsent,
        damageHold: Boolean(agreements.damageHold),
        holdConsent,
      })
    : null;
  // Every box ticked: the payment is made with the agreement, the card saved (as the booking card's is).
  const awaitingIntent =
    state.kind === 'ready' && state.intent === null && agreements && missing === null ? state.booking : null;
  useEffect(() => {
    if (!awaitingIntent) return;
    let active = true;
    createPaymentIntent({
      amount: amountDue(awaitingIntent).pounds,
      bookingId: awaitingIntent.id,
      saveCardConsent: true,
    }).then(
      (intent) => {
        rememberManageKey(intent.bookingId, intent.manageKey);
        if (active) setState((now) => (now.kind === 'ready' ? { ...now, intent } : now));
      },
      (error: unknown) => {
        if (active)
          setState({
            kind: 'setup-failed',
            message: messageOf(error, 'The payment could not be set up.'),
            booking: awaitingIntent,
          });
      },
    );
    return () => {
      active = false;
    };
  }, [awaitingIntent]);

  if (state.kind === 'loading' || config.isPending) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-3xl items-center justify-center px-4" role="status">
        <span className="text-stone-600">Loading your booking…</span>
      </div>
    );
  }

  if (
    state.kind === 'setup-failed' ||
    (state.intent !== null && !state.intent.clientSecret) ||
    config.isError
  ) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <div className="rounded-lg border border-stone-200 bg-white p-8 text-center shadow-sm">
          <h1 className="font-serif text-3xl">Payment Setup Failed</h1>
          <p className="mt-3 text-stone-700">
            {state.kind === 'setup-failed'
              ? state.message
              : 'We could not prepare the payment for this booking. Please try again later.'}
          </p>
          {/* A guest who opens the checkout link again after paying is shown the way to the confirmation. */}
          {state.kind === 'setup-failed' && state.booking?.status === 'confirmed' ? (
            <Link
              to={`/booking-success?bookingId=${encodeURIComponent(state.booking.id)}`}
              className={buttonClass({ variant: 'secondary', className: 'mt-6 mr-3' })}
            >
              View Booking Confirmation
            </Link>
          ) : null}
          <Link to="/" className={buttonClass({ className: 'mt-6' })}>
            Return Home
          </Link>
        </div>
      </div>
    );
  }

  const { booking, intent } = state;
  const due = amountDue(booking).part;
  const payingBalance = !authorisation && due === 'balance';
  const payingDeposit = due === 'deposit';
  const onSucceeded = async (paymentIntentId: string) => {
    if (authorisation) {
      // The server finds the deposit in place when the booking page asks for it again.
      await queryClient.invalidateQueries({ queryKey: ['manage-booking'] });
      toast({ title: 'Damage Deposit Authorised', description: 'Thank you: nothing more is needed.' });
      navigate(authorisation.returnPath);
      return;
    }
    try {
      await notifyPaymentSuccess({ paymentIntentId, bookingId: booking.id });
    } catch (error) {
      const refunded = error instanceof ApiRequestError && error.code === 'payment_refunded';
      toast({
        title: refunded ? 'Payment Refunded' : 'Payment Failed',
        description: messageOf(error),
        variant: 'destructive',
      });
      return;
    }
    if (payingBalance) {
      toast({ title: 'Balance Paid', description: 'Thank you: your stay is now paid in full.' });
    } else {
      toast({
        title: 'Booking Confirmed!',
        description: 'Your payment was successful and booking confirmed.',
      });
    }
    navigate(`/booking-success?bookingId=${encodeURIComponent(booking.id)}`);
  };
  const authorising = authorisation
    ? { label: 'Authorise Deposit', returnPath: authorisation.returnPath }
    : undefined;
  const onFailed = (message: string | undefined) =>
    toast({ title: 'Payment Failed', description: message || 'Please try again.', variant: 'destructive' });
  const onError = () =>
    toast({
      title: 'Payment Error',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'destructive',
    });
  // The same in demo and in Stripe mode; none until the guest has agreed to what the card is saved for.
  const callbacks: CheckoutFormCallbacks | null =
    intent && missing === null
      ? { clientSecret: intent.clientSecret, onSucceeded, onFailed, onError, authorising }
      : null;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-2">
      <section aria-labelledby="summary-heading" className={PANEL_CLASS}>
        <h1 id="summary-heading" className="font-serif text-3xl">
          Your Booking
        </h1>
        <dl className="mt-6 space-y-3">
          {[
            ['Check-in', showDate(booking.checkInDate)],
            ['Check-out', showDate(booking.checkOutDate)],
            ['Guests', String(booking.guestCount)],
            ['Contact', booking.contactName],
          ].map(([term, value]) => (
            <div key={term} className="flex justify-between gap-4">
              <dt className="text-stone-600">{term}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
          {authorisation ? null : (
            <div
              className={`flex justify-between gap-4 border-stone-200 border-t pt-3 ${payingBalance ? '' : 'text-lg'}`}
            >
              <dt className={payingBalance ? 'text-stone-600' : 'font-semibold'}>Total</dt>
              <dd className={payingBalance ? 'font-medium' : 'font-semibold'}>
                {formatGbp(Math.round(booking.totalPrice * 100))}
              </dd>
            </div>
          )}
          {payingBalance ? (
            <>
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">Paid so far</dt>
                <dd className="font-medium">{formatGbp(Math.round(booking.paidPrice * 100))}</dd>
              </div>
              <div className="flex justify-between gap-4 text-lg">
                <dt className="font-semibold">Balance due</dt>
                <dd className="font-semibold" data-testid="balance-due">
                  {formatGbp(Math.round((booking.balancePrice ?? 0) * 100))}
                </dd>
              </div>
            </>
          ) : null}
          {payingDeposit && booking.balanceDueOn ? (
            <>
              <div className="flex justify-between gap-4 text-lg">
                <dt className="font-semibold">Deposit today</dt>
                <dd className="font-semibold">{formatGbp(Math.round((booking.depositPrice ?? 0) * 100))}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">Balance on {showDate(booking.balanceDueOn)}</dt>
                <dd className="font-medium">{formatGbp(Math.round((booking.balancePrice ?? 0) * 100))}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {authorisation ? <DepositToAuthorise returnPath={authorisation.returnPath} /> : null}
        {payingBalance ? (
          <p className="mt-4 text-sm text-stone-700">
            Your booking is confirmed. This page takes the balance only; nothing else will be charged.
          </p>
        ) : null}
      </section>
      <Panel headingId="payment-heading" title="Payment" headingClassName="mb-4">
        {agreements ? (
          <div className="mb-5 space-y-3">
            {agreements.plan ? (
              <PaymentScheduleNote
                plan={agreements.plan}
                consent={saveCardConsent}
                onConsentChange={setSaveCardConsent}
                asked={paidUnagreed}
              />
            ) : null}
            {agreements.damageHold ? (
              <DamageHoldNote
                setting={agreements.damageHold}
                stay={{ checkIn: booking.checkInDate, checkOut: booking.checkOutDate }}
                consent={holdConsent}
                onConsentChange={setHoldConsent}
                // The balance's box is asked first: the focus goes to the first agreement missing.
                asked={agreements.plan?.kind === 'deposit' && !saveCardConsent ? 0 : paidUnagreed}
              />
            ) : null}
          </div>
        ) : null}
        {callbacks === null || intent === null ? (
          missing === null ? (
            <p role="status">Preparing the payment…</p>
          ) : (
            // Pays nothing before every box is ticked: the box says it is needed, as the booking card's does.
            <Button
              type="button"
              className="w-full py-3"
              onClick={() => setPaidUnagreed((count) => count + 1)}
            >
              Complete Booking
            </Button>
          )
        ) : config.data.payments === 'stripe' && config.data.stripePublishableKey ? (
          <Suspense fallback={<p role="status">Loading the payment form…</p>}>
            <StripeCheckoutForm
              {...callbacks}
              publishableKey={config.data.stripePublishableKey}
              bookingId={booking.id}
            />
          </Suspense>
        ) : (
          <DemoCheckoutForm {...callbacks} paymentIntentId={intent.paymentIntentId} />
        )}
      </Panel>
    </div>
  );
}
