import type { SaveStripeSettings, StripeSettings } from '../../domain/api/payments.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/database.ts';
import { createKeptReadings } from '../db/kept-readings.ts';
import { HttpError } from '../errors.ts';
import type { SealedSecret, SecretBox } from '../settings/secret-box.ts';
import { getSetting, putSetting } from '../settings/settings-store.ts';

/** The row of `settings` with the Stripe keys the owner saved in the admin: the two secrets sealed. */
export const STRIPE_KEYS_SETTING = 'stripe_keys';
/** Additional data bound into the cipher: these ciphertexts decrypt only as Stripe's keys. */
const PURPOSE = { secretKey: 'stripe-secret-key', webhookSecret: 'stripe-webhook-secret' } as const;

type StoredKeys = { publishableKey: string; secretKey: SealedSecret; webhookSecret: SealedSecret | null };

/**
 * How long the keys read from the database are kept in memory: every hold, webhook and browser configuration
 * asks for them. The process that saves them forgets them at once; another process sharing one PostgreSQL sees
 * them within this bound (docs/decisions/019-caches-kept-by-their-writer.md).
 */
export const STRIPE_KEYS_KEPT_MS = 2000;

/** The payments the site takes now: the environment's where it sets them, else the keys saved in the admin. */
export type CurrentPayments = Config['payments'];

/** Why a public site without Stripe's keys refuses to hold nights: nothing could be paid (decision 024). */
export const paymentsOff = () =>
  new HttpError(
    503,
    'payments_off',
    'Online payment is not open yet. Please contact us and we will book these dates for you.',
  );

/**
 * Where the payment mode and Stripe's keys come from (decision 024). The environment wins: PAYMENTS=demo keeps
 * demo payments; STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (and STRIPE_WEBHOOK_SECRET) are used as they are.
 * Otherwise the keys the owner saved in the admin, asked for on `refresh()` — before every hold, every webhook and
 * every read of the browser's configuration — and kept for up to STRIPE_KEYS_KEPT_MS, so a change needs no
 * restart, in any process.
 * `current()` is the last reading, for what cannot wait on the database (the security headers).
 */
export type PaymentSettings = {
  current(): CurrentPayments;
  refresh(db?: DbOrTx): Promise<CurrentPayments>;
  view(db?: DbOrTx): Promise<StripeSettings>;
  /** The keys a form asks for, the stored secrets where the form leaves them blank; undefined without a secret key. */
  candidate(
    input: SaveStripeSettings,
    db?: DbOrTx,
  ): Promise<{ secretKey: string; publishableKey: string } | undefined>;
  /** Stores the keys (call `forget()` once the transaction commits). */
  save(db: DbOrTx, input: SaveStripeSettings): Promise<void>;
  /** After the commit that saved keys: the kept reading is dropped, the next read goes to the database. */
  forget(): void;
};

const last4 = (secret: string | undefined) => (secret ? secret.slice(-4) : null);

export function createPaymentSettings(options: {
  config: Config;
  db: DbOrTx;
  clock: Clock;
  secretBox: SecretBox;
}): PaymentSettings {
  const { config, db: defaultDb, clock, secretBox } = options;
  const env = config.payments;
  const envDemo = env.mode === 'demo' && env.chosen === true;
  let snapshot: CurrentPayments = env;

  async function readStored(db: DbOrTx): Promise<StoredKeys | undefined> {
    return (await getSetting<StoredKeys>(db, STRIPE_KEYS_SETTING)) ?? undefined;
  }

  /** Secrets sealed with another key (SECRET_KEY changed, key file lost) count as not set: enter them again. */
  async function open(sealed: SealedSecret | null | undefined, purpose: string): Promise<string | undefined> {
    if (!sealed) return undefined;
    try {
      return await secretBox.open(sealed, purpose);
    } catch {
      return undefined;
    }
  }

  /** The keys as saved, read from `db` (a transaction reads its own writes), else the kept reading. */
  function storedKeys(db: DbOrTx) {
    return db === defaultDb ? kept.get('stripe', clock.now()) : openStored(db);
  }

  async function openStored(db: DbOrTx) {
    const stored = await readStored(db);
    if (!stored) return undefined;
    const [secretKey, webhookSecret] = await Promise.all([
      open(stored.secretKey, PURPOSE.secretKey),
      open(stored.webhookSecret, PURPOSE.webhookSecret),
    ]);
    return { publishableKey: stored.publishableKey, secretKey, webhookSecret };
  }

  const kept = createKeptReadings<'stripe', Awaited<ReturnType<typeof openStored>>>({
    clock,
    maxAgeMs: STRIPE_KEYS_KEPT_MS,
    read: async () => ({ value: await openStored(defaultDb) }),
  });

  async function refresh(db: DbOrTx = defaultDb): Promise<CurrentPayments> {
    if (env.mode === 'stripe') {
      // Keys from the environment; a webhook secret saved in the admin serves when the environment has none.
      const webhookSecret = env.webhookSecret ?? (await storedKeys(db))?.webhookSecret;
      snapshot = { ...env, webhookSecret };
    } else if (envDemo) {
      snapshot = env;
    } else {
      const stored = await storedKeys(db);
      snapshot = stored?.secretKey
        ? {
            mode: 'stripe',
            secretKey: stored.secretKey,
            publishableKey: stored.publishableKey,
            webhookSecret: config.stripeEnvironment.webhookSecret ?? stored.webhookSecret,
            apiBase: config.stripeEnvironment.apiBase,
          }
        : env;
    }
    return snapshot;
  }

  const fromEnvironment = (): StripeSettings['fromEnvironment'] => [
    ...(envDemo ? (['payments'] as const) : []),
    ...(env.mode === 'stripe' ? (['publishableKey', 'secretKey'] as const) : []),
    ...(config.stripeEnvironment.webhookSecret ? (['webhookSecret'] as const) : []),
  ];

  return {
    current: () => snapshot,
    refresh,
    async view(db = defaultDb) {
      const current = await refresh(db);
      return current.mode === 'stripe'
        ? {
            mode: 'stripe',
            publishableKey: current.publishableKey,
            secretKeyLast4: last4(current.secretKey),
            webhookSecretLast4: last4(current.webhookSecret),
            fromEnvironment: fromEnvironment(),
          }
        : {
            mode: current.mode,
            publishableKey: null,
            secretKeyLast4: null,
            webhookSecretLast4: null,
            fromEnvironment: fromEnvironment(),
          };
    },
    async candidate(input, db = defaultDb) {
      const secretKey = input.secretKey || (await storedKeys(db))?.secretKey;
      return secretKey ? { secretKey, publishableKey: input.publishableKey } : undefined;
    },
    async save(db, input) {
      const before = await readStored(db);
      const value: StoredKeys = {
        publishableKey: input.publishableKey,
        secretKey: input.secretKey
          ? await secretBox.seal(input.secretKey, PURPOSE.secretKey)
          : (before?.secretKey as SealedSecret),
        webhookSecret: input.webhookSecret
          ? await secretBox.seal(input.webhookSecret, PURPOSE.webhookSecret)
          : (before?.webhookSecret ?? null),
      };
      await putSetting(db, STRIPE_KEYS_SETTING, value);
    },
    forget: () => kept.forget(),
  };
}
