import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailSecurity, MailServerSettings, SaveMailServer } from '../../domain/api/email.ts';
import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/database.ts';
import type { SealedSecret, SecretBox } from '../settings/secret-box.ts';
import { getSetting, putSetting } from '../settings/settings-store.ts';

/** The row of `settings` that holds the sealed SMTP password. */
export const SMTP_PASSWORD_SETTING = 'smtp_password';
/** The row of `settings` that holds the mail server the owner saved in the admin (no secret in it). */
export const SMTP_SERVER_SETTING = 'smtp_server';
/** Additional data bound into the cipher: this ciphertext decrypts only as the SMTP password. */
const PURPOSE = 'smtp-password';

/** Long enough for a slow provider, short enough that the admin page is not left hanging. */
const CONNECTION_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The mail server the site sends through: each field from the environment where set, else the owner's. */
export type MailServer = { host: string; port: number; secure: boolean; user: string; from: string };

type StoredServer = { host: string; port: number; security: MailSecurity; user: string };

export type SmtpSettings = {
  /** The mail server as it stands now (read on every use: a change in the admin needs no restart); undefined until host and account are known. */
  server(db: DbOrTx): Promise<MailServer | undefined>;
  /** The Email tab's form: the server's fields, which of them the environment sets, whether a password is stored. */
  view(db: DbOrTx): Promise<MailServerSettings>;
  /** The server a form asks for, with the environment's fields in place of the form's. */
  candidate(input: SaveMailServer): MailServer;
  saveServer(db: DbOrTx, input: SaveMailServer): Promise<void>;
  /** The From header: "The Tower" <SMTP_FROM or the account>. */
  fromHeader(server: MailServer): string;
  hasPassword(db: DbOrTx): Promise<boolean>;
  getPassword(db: DbOrTx): Promise<string | undefined>;
  savePassword(db: DbOrTx, password: string): Promise<void>;
  /** nodemailer is loaded here, by the first message sent or login checked: a server without SMTP never loads it. */
  createTransport(
    server: MailServer,
    password: string,
    options?: { pool?: boolean },
  ): Promise<Transporter<SMTPTransport.SentMessageInfo>>;
};

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

export function createSmtpSettings(config: Config, secretBox: SecretBox): SmtpSettings {
  const { smtp } = config;
  const fromEnv = new Set(smtp.fromEnvironment);

  /** A password sealed with another key (SECRET_KEY changed, key file lost) counts as not set: enter it again. */
  async function getPassword(db: DbOrTx): Promise<string | undefined> {
    const sealed = await getSetting<SealedSecret>(db, SMTP_PASSWORD_SETTING);
    if (!sealed) return undefined;
    try {
      return await secretBox.open(sealed, PURPOSE);
    } catch {
      return undefined;
    }
  }

  /** The environment's field where it sets one, else the stored one. */
  function merge(stored: Partial<StoredServer> | null) {
    const port = fromEnv.has('port') ? smtp.port : (stored?.port ?? smtp.port);
    const secure = fromEnv.has('security')
      ? smtp.secure
      : stored?.security
        ? stored.security === 'tls'
        : port === 465;
    return {
      host: fromEnv.has('host') ? smtp.host : (stored?.host ?? smtp.host),
      port,
      secure,
      user: fromEnv.has('user') ? smtp.user : (stored?.user ?? smtp.user),
    };
  }

  const complete = (fields: ReturnType<typeof merge>): MailServer | undefined =>
    fields.host && fields.user
      ? { ...fields, host: fields.host, user: fields.user, from: smtp.from ?? fields.user }
      : undefined;

  return {
    async server(db) {
      return complete(merge(await getSetting<StoredServer>(db, SMTP_SERVER_SETTING)));
    },
    async view(db) {
      const [stored, password] = await Promise.all([
        getSetting<StoredServer>(db, SMTP_SERVER_SETTING),
        getPassword(db),
      ]);
      const fields = merge(stored);
      return {
        host: fields.host ?? null,
        port: fields.port,
        security: fields.secure ? 'tls' : 'starttls',
        user: fields.user ?? null,
        passwordSet: password !== undefined,
        fromEnvironment: [...smtp.fromEnvironment],
      };
    },
    candidate(input) {
      const fields = merge(input);
      return {
        ...fields,
        host: fields.host ?? input.host,
        user: fields.user ?? input.user,
        from: smtp.from ?? fields.user ?? input.user,
      };
    },
    async saveServer(db, input) {
      const value: StoredServer = {
        host: input.host,
        port: input.port,
        security: input.security,
        user: input.user,
      };
      await putSetting(db, SMTP_SERVER_SETTING, value);
    },
    fromHeader: (server) => `"The Tower" <${server.from}>`,
    hasPassword: async (db) => (await getPassword(db)) !== undefined,
    getPassword,
    async savePassword(db, password) {
      await putSetting(db, SMTP_PASSWORD_SETTING, await secretBox.seal(password, PURPOSE));
    },
    async createTransport(server, password, options = {}) {
      const { default: nodemailer } = await import('nodemailer');
      return nodemailer.createTransport({
        host: server.host,
        port: server.port,
        secure: server.secure,
        // Port 587: insist on STARTTLS so the password never crosses a network in clear (loopback tests aside).
        requireTLS: !server.secure && !isLoopback(server.host),
        auth: { user: server.user, pass: password },
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
