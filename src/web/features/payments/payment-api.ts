import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BookingPageIntentRequest,
  CheckoutIntentRequest,
  ClientConfig,
  CreatePaymentIntentResponse,
  DemoCard,
  DemoIntentStatus,
  GuestBooking,
  PublicBooking,
} from '../../../domain/api/payments.ts';
import { apiRequest } from '../../lib/api.ts';

/** The payment mode and Stripe's publishable key, learnt from the server at run time (never built in). */
export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: () => apiRequest<ClientConfig>('GET', '/api/config'),
  });

export const useClientConfig = () => useQuery(clientConfigQuery());

/**
 * The owner's damage deposit (null: none), asked only once `enabled` (the booking card asks when dates are
 * chosen, not on first paint); the payment panel reads the same answer.
 */
export const useDamageHold = (enabled: boolean): ClientConfig['damageHold'] =>
  useQuery({ ...clientConfigQuery(), enabled, select: (config) => config.damageHold }).data ?? null;

export const createPaymentIntent = (body: BookingPageIntentRequest | CheckoutIntentRequest) =>
  apiRequest<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', body);

/** The booking page's booking payload after a successful payment; the server verifies the payment itself. */
export const createBooking = (body: GuestBooking & { paymentIntentId: string }) =>
  apiRequest<PublicBooking>('POST', '/api/bookings', body);

export const getBooking = (id: string) =>
  apiRequest<PublicBooking>('GET', `/api/bookings/${encodeURIComponent(id)}`);

export const notifyPaymentSuccess = (body: { paymentIntentId: string; bookingId: string }) =>
  apiRequest<PublicBooking>('POST', '/api/payment-success', body);

/** Demo mode's stand-in for Stripe.js's confirmCardPayment. */
export const confirmDemoPayment = (
  paymentIntentId: string,
  body: { clientSecret: string; card: DemoCard; postcode: string },
) =>
  apiRequest<DemoIntentStatus>(
    'POST',
    `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/confirm`,
    body,
  );

export const authenticateDemoPayment = (
  paymentIntentId: string,
  body: { clientSecret: string; outcome: 'complete' | 'fail' },
) =>
  apiRequest<DemoIntentStatus>(
    'POST',
    `/api/demo-payments/${encodeURIComponent(paymentIntentId)}/authenticate`,
    body,
  );

/** The text of a failed call for a toast: the spec's "<status>: <message>" (spec section 7), or a fallback. */
export function messageOf(error: unknown, fallback = 'Please try again.'): string {
  if (typeof error === 'string' && error) return error;
  return error instanceof Error && error.message ? error.message : fallback;
}
