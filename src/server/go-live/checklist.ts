import { CALENDAR_SOURCE_IDS, CALENDAR_SOURCE_LABELS } from '../../domain/api/calendar-sync.ts';
import {
  GO_LIVE_PHOTOS,
  GO_LIVE_SYNC_HOURS,
  type GoLiveChecklist,
  type GoLiveChoice,
  type GoLiveItem,
} from '../../domain/go-live.ts';
import { listSources } from '../calendar-sync/repository.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/database.ts';
import type { SmtpSettings } from '../email/smtp-settings.ts';
import { createOwnerContentRepository } from '../owner-content/repository.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import { getSetting, putSetting } from '../settings/settings-store.ts';

/** Photos of the slideshow that are processed and shown, and how many of them lack an alt text. */
export type PhotosReady = () => Promise<{ ready: number; missingAlt: number }>;

/** `settings` rows of the checklist. */
export const GO_LIVE_SETTING: Record<GoLiveChoice, string> = {
  demo_payments: 'go_live.demo_payments_chosen',
  export_given: 'go_live.export_given',
};
/** The last test message the owner sent from the Email tab: `{ at, to }`; cleared when the password changes. */
export const EMAIL_TEST_SETTING = 'email.test_message_sent';

const PROPERTY_TAB = { href: '/admin?tab=property', label: 'Property tab' };
/** The Payments tab's Stripe keys and the Email tab's mail server: set in the admin (decision 024). */
const PAYMENTS_TAB = { href: '/admin?tab=payments', label: 'Payments tab' };
const README_CONFIGURATION = 'the server’s settings (README, “Configuration”), then restart';

export type GoLiveDeps = {
  db: DbOrTx;
  config: Config;
  clock: Clock;
  smtp: SmtpSettings;
  /** The payments of the moment (environment, else the keys saved in the Payments tab). */
  paymentSettings: PaymentSettings;
  photosReady: PhotosReady;
};

/**
 * Works out the go-live checklist from the stored facts, the photos, the e-mail and payment settings, the site's
 * address and the channels' feeds. Every item is a fact of the running site, except the two the owner ticks.
 */
export function createGoLiveChecklist({ db, config, clock, smtp, paymentSettings, photosReady }: GoLiveDeps) {
  const content = createOwnerContentRepository(db);

  async function choice(name: GoLiveChoice): Promise<boolean> {
    return (await getSetting<{ value: boolean }>(db, GO_LIVE_SETTING[name]))?.value === true;
  }

  async function read(): Promise<GoLiveChecklist> {
    const mailServer = await smtp.server(db);
    const [facts, photos, emailConfigured, testSent, demoChosen, exportGiven, sources, payments] =
      await Promise.all([
        content.readFacts(),
        photosReady(),
        mailServer ? smtp.hasPassword(db) : Promise.resolve(false),
        getSetting<{ at: string; to: string }>(db, EMAIL_TEST_SETTING),
        choice('demo_payments'),
        choice('export_given'),
        listSources(db),
        paymentSettings.refresh(db),
      ]);
    const items: GoLiveItem[] = [];

    items.push({
      id: 'licence',
      label: 'Short-term let licence number',
      done: facts.licenceNumber !== null,
      detail:
        facts.licenceNumber !== null
          ? `Shown on every page: ${facts.licenceNumber}.`
          : 'Required on every listing in Scotland: enter the number on your licence.',
      fixAt: PROPERTY_TAB,
    });
    items.push({
      id: 'epc',
      label: 'EPC rating',
      done: facts.epcRating !== null,
      detail:
        facts.epcRating !== null
          ? `Shown on every page: EPC rating ${facts.epcRating}.`
          : 'Required on every listing in Scotland: enter the band on your Energy Performance Certificate.',
      fixAt: PROPERTY_TAB,
    });
    items.push({
      id: 'occupancy',
      label: 'Maximum occupancy',
      done: facts.maxOccupancy !== null,
      detail:
        facts.maxOccupancy !== null
          ? `Shown on every page: ${facts.maxOccupancy} guests.`
          : 'Required on every listing in Scotland: enter the maximum occupancy of your licence.',
      fixAt: PROPERTY_TAB,
    });
    const addressGiven = facts.streetAddress !== null && facts.postcode !== null;
    items.push({
      id: 'address',
      label: 'Street address and postcode',
      done: addressGiven,
      detail: addressGiven
        ? facts.addressPublic
          ? 'Shown on the contact page and to search engines.'
          : 'Given to guests once they have booked; the public pages show Aberdeen only.'
        : `Missing: ${[facts.streetAddress === null ? 'the street address' : '', facts.postcode === null ? 'the postcode' : ''].filter(Boolean).join(' and ')}.`,
      fixAt: PROPERTY_TAB,
    });
    const photosDone = photos.ready >= GO_LIVE_PHOTOS && photos.missingAlt === 0;
    items.push({
      id: 'photos',
      label: `At least ${GO_LIVE_PHOTOS} photos with alt texts`,
      done: photosDone,
      detail: photosDone
        ? `${photos.ready} photos, each with its alt text.`
        : [
            photos.ready < GO_LIVE_PHOTOS
              ? `${photos.ready} of ${GO_LIVE_PHOTOS} photos on the site; until the first, the slideshow shows drawn stand-ins.`
              : '',
            photos.missingAlt > 0
              ? `${photos.missingAlt} photo${photos.missingAlt === 1 ? ' has' : 's have'} no alt text yet.`
              : '',
          ]
            .filter(Boolean)
            .join(' '),
      fixAt: { href: '/admin?tab=photos', label: 'Photos tab' },
    });
    items.push({
      id: 'email',
      label: 'E-mail configured and a test message sent',
      done: emailConfigured && testSent !== null,
      detail: !mailServer
        ? 'The site has no mail server yet: enter it under Mail Server in the Email tab.'
        : !emailConfigured
          ? 'Enter the e-mail account’s password in the Email tab.'
          : testSent === null
            ? 'Send a test message from the Email tab and check that it arrives.'
            : `A test message was sent to ${testSent.to}.`,
      fixAt: { href: '/admin?tab=email', label: 'Email tab' },
    });
    const paymentsDone =
      payments.mode === 'stripe'
        ? payments.webhookSecret !== undefined
        : payments.mode === 'demo' && (payments.chosen === true || demoChosen);
    items.push({
      id: 'payments',
      label: 'Card payments',
      done: paymentsDone,
      detail:
        payments.mode === 'stripe'
          ? payments.webhookSecret !== undefined
            ? 'Stripe keys and webhook secret are set.'
            : 'Stripe keys are set but not STRIPE_WEBHOOK_SECRET: without it a payment whose page was closed is never confirmed. Enter the webhook signing secret in the Payments tab.'
          : payments.mode === 'off'
            ? 'Guests cannot book yet: enter your Stripe keys in the Payments tab to take payments.'
            : paymentsDone
              ? 'Demo payments, chosen on purpose: guests cannot pay real money.'
              : 'Demo payments: nobody is charged. Enter your Stripe keys in the Payments tab, or choose demo payments on purpose.',
      fixAt: PAYMENTS_TAB,
    });
    const https = config.siteUrl.startsWith('https://');
    items.push({
      id: 'site_url',
      label: 'Site address on https',
      done: https,
      detail: https
        ? `The site's address is ${config.siteUrl}.`
        : `SITE_URL is ${config.siteUrl}: set it to the site's public https address in ${README_CONFIGURATION}.`,
      fixAt: { href: '', label: 'Server settings' },
    });
    const now = clock.now().getTime();
    const feedProblems = CALENDAR_SOURCE_IDS.flatMap((id) => {
      const source = sources.find((row) => row.id === id);
      const label = CALENDAR_SOURCE_LABELS[id];
      if (!source?.url) return [`no ${label} feed saved`];
      if (!source.lastSuccessAt) return [`${label} has never synced`];
      const hours = (now - source.lastSuccessAt.getTime()) / 3_600_000;
      return hours > GO_LIVE_SYNC_HOURS ? [`${label} last synced ${Math.floor(hours)} hours ago`] : [];
    });
    items.push({
      id: 'channel_feeds',
      label: `Channel calendars saved and synced in the last ${GO_LIVE_SYNC_HOURS} hours`,
      done: feedProblems.length === 0,
      detail:
        feedProblems.length === 0
          ? 'Airbnb and Booking.com are both synced.'
          : `${feedProblems.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()),
      fixAt: { href: '/admin/calendar-sync', label: 'Calendar Sync' },
    });
    items.push({
      id: 'export_given',
      label: 'Our calendar export given to Airbnb and Booking.com',
      done: exportGiven,
      detail: exportGiven
        ? 'Ticked: both channels import the nights booked here.'
        : 'Paste the export address from Calendar Sync into both channels, then tick this.',
      fixAt: { href: '/admin/calendar-sync', label: 'Calendar Sync' },
    });

    return {
      items,
      open: items.filter((item) => !item.done).length,
      choices: { demo_payments: demoChosen, export_given: exportGiven },
      offerDemoTick: payments.mode === 'demo' && payments.chosen !== true,
    };
  }

  return {
    read,
    async choose(name: GoLiveChoice, value: boolean, tx: DbOrTx = db): Promise<void> {
      await putSetting(tx, GO_LIVE_SETTING[name], { value }, clock.now());
    },
  };
}

export type GoLiveChecklistService = ReturnType<typeof createGoLiveChecklist>;
