import type { BookingsRepository } from './bookings/bookings-repository.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/database.ts';
import type { NotificationEvents } from './notifications/events.ts';
import type { PaymentSettings } from './payments/payment-settings.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { RatePlans } from './pricing/rate-plan-repository.ts';
import type { SecretBox } from './settings/secret-box.ts';
import type { SiteContentService } from './site-content/site-content.ts';

/**
 * What every capability's plugin and routes are given when they are registered (app.ts makes it). What one
 * capability offers another (its services) is a decoration of the app, declared in that capability's plugin.ts.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Tell guests and the owner (the e-mail capability's outbox); called inside the causing transaction. */
  notifications: NotificationEvents;
  /** Stripe or demo payments; the booking logic never knows which. */
  payments: PaymentProvider;
  /** The payments of the moment: the environment's, else the Stripe keys saved in the admin (decision 024). */
  paymentSettings: PaymentSettings;
  /** Seals the secrets kept in the database (the SMTP password, Stripe's keys, two-step secrets). */
  secretBox: SecretBox;
  /** What the public pages say (prices, facts, texts, photos): call `changed()` after an owner's edit of it. */
  siteContent: SiteContentService;
  /** The one writer of stays, keeping the guest's calendar (bookings/bookings-repository.ts): one per app. */
  bookings: BookingsRepository;
  /** The rate plan for the guest's reads, kept for a moment, and the owner's changes of it. */
  ratePlans: RatePlans;
};
