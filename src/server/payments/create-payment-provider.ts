import { type Clock, systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createDemoPaymentProvider } from './demo-provider.ts';
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
