import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment (and `.env`, loaded by main.ts) and validated once at
 * start-up. `.env.example` documents each variable; keep the two in step.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** The proxy on this machine: Caddy's `reverse_proxy 127.0.0.1:3000` (deploy/Caddyfile) connects from loopback. */
const LOCAL_PROXY = ['127.0.0.1', '::1'];

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For the server believes: none, the proxy on this machine (`true`), or the
 * addresses and ranges listed. A client that reaches the server around them cannot choose its own address.
 */
const trustedProxies = z
  .string()
  .optional()
  .transform((value, context): string[] => {
    const text = value?.trim().toLowerCase() ?? '';
    if (['', 'false', '0', 'no'].includes(text)) return [];
    if (['true', '1', 'yes'].includes(text)) return LOCAL_PROXY;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        "must be true (the proxy runs on this machine), false, or the proxy's addresses such as 10.0.0.5",
    });
    return z.NEVER;
  });

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://thetower.example' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().trim().min(1).default('./backups'),
  MEDIA_DIR: optionalText,
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustedProxies,

  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'must be at least 12 characters').optional()),

  SITE_EMAIL: z.email({ error: 'must be an e-mail address' }).default('stay@thetower-aberdeen.co.uk'),
  OWNER_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),

  PAYMENTS: z.enum(['stripe', 'demo', '']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends its calls; only tests point it at a local stand-in. */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  HOLD_LIMIT_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(20),
  LIVE_HOLDS_PER_CLIENT: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(2),

  SMTP_HOST: optionalText,
  SMTP_PORT: port(587),
  SMTP_SECURE: booleanFlag,
  SMTP_USER: optionalText,
  SMTP_FROM: optionalText,
  SECRET_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),

  ICAL_ALLOW_PRIVATE_HOSTS: booleanFlag,
  SYNC_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(180),

  BACKUP_HOUR: z.coerce
    .number({ error: 'must be an hour of the day from 0 to 23' })
    .int('must be an hour of the day from 0 to 23')
    .min(0, 'must be an hour of the day from 0 to 23')
    .max(23, 'must be an hour of the day from 0 to 23')
    .default(3),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(14),
  BACKUP_COMMAND: optionalText,
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  /**
   * Where backups are written: never inside DATA_DIR or MEDIA_DIR, which they copy (refused at start); the
   * alerts watch the free space of its disk.
   */
  backupDir: string;
  /** The owner's uploaded photos: originals (never served) and their variants. */
  mediaDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Addresses and ranges of the reverse proxies trusted for the client's address; empty: none. */
  trustProxy: string[];
  admin: { username: string; password: string | undefined };
  siteEmail: string;
  ownerEmail: string;
  payments: /** `chosen`: PAYMENTS=demo, demo payments on purpose (the go-live checklist counts it as decided). */
    | { mode: 'demo'; chosen?: boolean }
    /**
     * A public production site with neither Stripe's keys nor PAYMENTS=demo: it serves its pages and takes no
     * payment until the owner enters the keys in the admin (docs/decisions/024-settings-in-the-admin.md).
     */
    | { mode: 'off' }
    | {
        mode: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiBase: string | undefined;
      };
  /**
   * What the environment says of Stripe whatever the mode: the webhook secret (it wins over a stored one) and the
   * SDK's address (tests). Keys the owner saves in the admin are used when the environment has none (decision 024).
   */
  stripeEnvironment: { webhookSecret: string | undefined; apiBase: string | undefined };
  holdMinutes: number;
  /** Payment holds one client address may start per hour (nights held by a bot are nights a guest cannot book). */
  holdLimitPerHour: number;
  /** Live payment holds one client address may have at once; a new one replaces its oldest. */
  liveHoldsPerClient: number;
  smtp: {
    host: string | undefined;
    port: number;
    secure: boolean;
    user: string | undefined;
    from: string | undefined;
    /** The fields the environment sets: they win over what the owner saves in the admin (decision 024). */
    fromEnvironment: Array<'host' | 'port' | 'security' | 'user'>;
  };
  secretKey: string | undefined;
  icalAllowPrivateHosts: boolean;
  syncIntervalMinutes: number;
  /** The daily backup and `npm run backup` (docs/decisions/022-backups.md). */
  backup: {
    /** The hour of the day (Aberdeen time) of the daily backup. */
    hour: number;
    /** How many backups are kept (the newest). */
    keep: number;
    /** Run after each checked backup with the file's path (an off-site copy). */
    command: string | undefined;
  };
};

export class ConfigError extends Error {
  readonly variable: string;

  constructor(variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

function isLocalUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Whether `inner` is `outer` or a directory below it (both resolved from the working directory). */
function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(path.resolve(outer), path.resolve(inner));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The configuration, or the process ends with the one line naming the bad variable (the server's start and the
 * command-line tools that read the server's settings).
 */
export function loadConfigOrExit(source: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads and checks the whole configuration; throws a ConfigError that names the first bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const received = source[variable];
    throw new ConfigError(
      variable,
      `${issue.message}${received === undefined ? '' : ` (got "${received}")`}`,
    );
  }
  const env = parsed.data;
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

  let payments: Config['payments'];
  const hasStripeKeys = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
  if (env.PAYMENTS === 'stripe' || (env.PAYMENTS !== 'demo' && hasStripeKeys)) {
    if (!env.STRIPE_SECRET_KEY) throw new ConfigError('STRIPE_SECRET_KEY', 'is required for Stripe payments');
    if (!env.STRIPE_PUBLISHABLE_KEY) {
      throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'is required for Stripe payments');
    }
    payments = {
      mode: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    };
  } else {
    // Demo payments must never quietly stand in for real ones on a public site (spec README, "Demo payments"):
    // without PAYMENTS=demo such a site starts with payments off, and the owner enters Stripe's keys in the admin
    // (decision 024) rather than on the server.
    payments =
      env.NODE_ENV === 'production' && !isLocalUrl(siteUrl) && env.PAYMENTS !== 'demo'
        ? { mode: 'off' }
        : { mode: 'demo', chosen: env.PAYMENTS === 'demo' };
  }

  const mediaDir = env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media');
  // A backup copies DATA_DIR and MEDIA_DIR: inside either, each backup would copy the ones before it, and a lost
  // disk or a deleted data directory would take the backups with it.
  for (const [name, dir] of [
    ['DATA_DIR', env.DATA_DIR],
    ['MEDIA_DIR', mediaDir],
  ] as const) {
    if (isWithin(env.BACKUP_DIR, dir)) {
      throw new ConfigError(
        'BACKUP_DIR',
        `must not be inside ${name} (${path.resolve(dir)}): the backups would copy themselves and be lost with it (got "${env.BACKUP_DIR}")`,
      );
    }
  }

  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    siteUrl,
    dataDir: env.DATA_DIR,
    backupDir: env.BACKUP_DIR,
    mediaDir,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    siteEmail: env.SITE_EMAIL,
    ownerEmail: env.OWNER_EMAIL ?? env.SITE_EMAIL,
    payments,
    stripeEnvironment: { webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE },
    holdMinutes: env.HOLD_MINUTES,
    holdLimitPerHour: env.HOLD_LIMIT_PER_HOUR,
    liveHoldsPerClient: env.LIVE_HOLDS_PER_CLIENT,
    smtp: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      user: env.SMTP_USER,
      from: env.SMTP_FROM ?? env.SMTP_USER,
      fromEnvironment: (
        [
          ['host', 'SMTP_HOST'],
          ['port', 'SMTP_PORT'],
          ['security', 'SMTP_SECURE'],
          ['user', 'SMTP_USER'],
        ] as const
      )
        .filter(([, variable]) => Boolean(source[variable]?.trim()))
        .map(([field]) => field),
    },
    secretKey: env.SECRET_KEY,
    icalAllowPrivateHosts: env.ICAL_ALLOW_PRIVATE_HOSTS,
    syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
    backup: {
      hour: env.BACKUP_HOUR,
      keep: env.BACKUP_KEEP,
      command: env.BACKUP_COMMAND,
    },
  };
}
