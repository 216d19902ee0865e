import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/database.ts';
import { settings } from '../db/schema.ts';
import type { SealedSecret, SecretBox } from './secret-box.ts';

/** The row of `settings` that holds the sealed SMTP password. */
export const SMTP_PASSWORD_SETTING = 'smtp_password';
/** Additional data bound into the cipher: this ciphertext decrypts only as the SMTP password. */
const PURPOSE = 'smtp-password';

/** Long enough for a slow provider, short enough that the admin page is not left hanging. */
const CONNECTION_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

export type SmtpSettings = {
  /** Host and account come from configuration; false until both are set. */
  hasServer(): boolean;
  /** The account shown in the Email tab. */
  account(): string | null;
  /** The From header: "The Tower" <SMTP_FROM or SMTP_USER>. */
  from(): string | undefined;
  hasPassword(db: DbOrTx): Promise<boolean>;
  getPassword(db: DbOrTx): Promise<string | undefined>;
  savePassword(db: DbOrTx, password: string): Promise<void>;
  /** nodemailer is loaded here, by the first message sent or login checked: a server without SMTP never loads it. */
  createTransport(
    password: string,
    options?: { pool?: boolean },
  ): Promise<Transporter<SMTPTransport.SentMessageInfo>>;
};

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

export function createSmtpSettings(config: Config, secretBox: SecretBox): SmtpSettings {
  const { smtp } = config;

  async function readSealed(db: DbOrTx): Promise<SealedSecret | undefined> {
    const [row] = await db.select().from(settings).where(eq(settings.key, SMTP_PASSWORD_SETTING));
    return row?.value as SealedSecret | undefined;
  }

  /** A password sealed with another key (SECRET_KEY changed, key file lost) counts as not set: enter it again. */
  async function getPassword(db: DbOrTx): Promise<string | undefined> {
    const sealed = await readSealed(db);
    if (!sealed) return undefined;
    try {
      return await secretBox.open(sealed, PURPOSE);
    } catch {
      return undefined;
    }
  }

  return {
    hasServer: () => Boolean(smtp.host && smtp.user),
    account: () => smtp.user ?? smtp.from ?? null,
    from: () => {
      const address = smtp.from ?? smtp.user;
      return address ? `"The Tower" <${address}>` : undefined;
    },
    hasPassword: async (db) => (await getPassword(db)) !== undefined,
    getPassword,
    async savePassword(db, password) {
      const value = await secretBox.seal(password, PURPOSE);
      await db
        .insert(settings)
        .values({ key: SMTP_PASSWORD_SETTING, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },
    async createTransport(password, options = {}) {
      const { default: nodemailer } = await import('nodemailer');
      const host = smtp.host ?? '';
      return nodemailer.createTransport({
        host,
        port: smtp.port,
        secure: smtp.secure,
        // Port 587: insist on STARTTLS so the password never crosses a network in clear (loopback tests aside).
        requireTLS: !smtp.secure && !isLoopback(host),
        auth: { user: smtp.user ?? '', pass: password },
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: CONNECTION_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
        // Nodemailer's own logger would print the SMTP conversation, AUTH included: keep it off.
        logger: false,
        debug: false,
        ...(options.pool ? { pool: true, maxConnections: 1, maxMessages: 100 } : {}),
      } as SMTPTransport.Options);
    },
  };
}
