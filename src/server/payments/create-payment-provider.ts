import { type Clock, systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createDemoPaymentProvider, DemoPaymentError, type DemoPaymentProvider } from './demo-provider.ts';
import { type PaymentSettings, paymentsOff } from './payment-settings.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripePaymentProvider } from './stripe-provider.ts';

/** Stripe when its keys are configured, demo payments otherwise (config.ts decides the mode). */
export function createPaymentProvider(config: Config, db: Db, clock: Clock = systemClock): PaymentProvider {
  if (config.payments.mode === 'stripe') {
    return createStripePaymentProvider({
      secretKey: config.payments.secretKey,
      apiBase: config.payments.apiBase,
    });
  }
  return createDemoPaymentProvider(db, clock);
}

/** The app's provider: Stripe or demo as the settings say, with the demo card form's calls. */
export type LivePaymentProvider = PaymentProvider & Omit<DemoPaymentProvider, 'mode'>;

/** Ids the demo provider gives its intents, customers and refunds (demo-provider.ts). */
const isDemoId = (id: string) => /^(pi|cus|pm|re)_demo_/.test(id);

/**
 * The app's provider: the payments of the moment (payment-settings.ts), so keys saved in the admin take effect
 * without a restart (decision 024). A new intent or customer goes to the current provider; anything about an
 * existing one goes to the provider that made it, told by its id: a demo hold, refund or saved card stays in
 * demo storage after Stripe is switched on and is never sent to Stripe. The demo provider's own calls (the card
 * form's confirm and authenticate) are refused once Stripe is on: a hold begun in demo mode cannot be paid and
 * lapses at its time, freeing its nights, like any unpaid hold.
 */
export function createLivePaymentProvider(
  settings: PaymentSettings,
  db: Db,
  clock: Clock = systemClock,
): LivePaymentProvider {
  const demo = createDemoPaymentProvider(db, clock);
  const stripeProviders = new Map<string, PaymentProvider>();
  const stripeFor = (payments: Extract<Config['payments'], { mode: 'stripe' }>) => {
    const key = `${payments.apiBase ?? ''} ${payments.secretKey}`;
    let provider = stripeProviders.get(key);
    if (!provider) {
      stripeProviders.clear(); // the keys changed: the old account's client is not used again
      provider = createStripePaymentProvider({ secretKey: payments.secretKey, apiBase: payments.apiBase });
      stripeProviders.set(key, provider);
    }
    return provider;
  };
  /** The provider new payments go to, read again from the settings. */
  const now = async (): Promise<PaymentProvider> => {
    const payments = await settings.refresh();
    if (payments.mode === 'off') throw paymentsOff();
    return payments.mode === 'stripe' ? stripeFor(payments) : demo;
  };
  /** The provider that made `id`. */
  const owner = async (id: string): Promise<PaymentProvider> => (isDemoId(id) ? demo : now());
  const demoOnly = () => {
    if (settings.current().mode !== 'demo') {
      throw new DemoPaymentError(
        409,
        'demo_payments_off',
        'This site now takes card payments through Stripe, so this demo payment cannot be completed. Please start your booking again.',
      );
    }
  };

  return {
    get mode() {
      return settings.current().mode;
    },
    createPaymentIntent: async (input) => (await now()).createPaymentIntent(input),
    createCustomer: async (input) => (await now()).createCustomer(input),
    retrievePaymentIntent: async (id) => (await owner(id)).retrievePaymentIntent(id),
    cancelPaymentIntent: async (id) => (await owner(id)).cancelPaymentIntent(id),
    chargeOffSession: async (input) => (await owner(input.customerId)).chargeOffSession(input),
    holdOffSession: async (input) => (await owner(input.customerId)).holdOffSession(input),
    capturePaymentIntent: async (input) => (await owner(input.paymentIntentId)).capturePaymentIntent(input),
    refund: async (input) => (await owner(input.paymentIntentId)).refund(input),
    async confirmWithCard(id, clientSecret, card) {
      await settings.refresh();
      demoOnly();
      return demo.confirmWithCard(id, clientSecret, card);
    },
    async authenticate(id, clientSecret, outcome) {
      await settings.refresh();
      demoOnly();
      return demo.authenticate(id, clientSecret, outcome);
    },
    replaceSavedCard: demo.replaceSavedCard,
  };
}
