import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** The SMTP server's answer to a wrong password: tests check that the admin sees exactly this. */
export const SMTP_AUTH_REJECTION = 'Authentication credentials invalid (test server)';

/** Recipients at this domain are refused for good (550), like a mistyped address. */
export const REJECTED_DOMAIN = '@rejected.test';

export type ReceivedMessage = { envelopeTo: string[]; raw: string; email: Email };

export type SmtpTestServer = {
  port: number;
  user: string;
  password: string;
  /** Every message accepted so far, parsed with postal-mime. */
  received: ReceivedMessage[];
  /** Logins refused so far. */
  refusedLogins: number;
  /** Stops listening (an outage); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
};

/**
 * A real SMTP server on loopback with AUTH (PLAIN and LOGIN, without TLS, as loopback allows), standing in for
 * Gmail or Microsoft 365. A message is parsed before the server answers 250, so it is in `received` by the time
 * the sender's sendMail resolves.
 */
export async function startSmtpTestServer(
  credentials: { user: string; password: string } = {
    user: 'bookings@example.test',
    password: 'smtp-app-password-2026',
  },
): Promise<SmtpTestServer> {
  const received: ReceivedMessage[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const state = { refusedLogins: 0 };

  const create = () =>
    new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      authOptional: false,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === credentials.user && auth.password === credentials.password) {
          callback(null, { user: auth.username });
          return;
        }
        state.refusedLogins++;
        const error = new Error(SMTP_AUTH_REJECTION) as Error & { responseCode: number };
        error.responseCode = 535;
        callback(error);
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith(REJECTED_DOMAIN)) {
          const error = new Error(`No such mailbox: ${address.address}`) as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          PostalMime.parse(raw).then(
            (email) => {
              received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, email });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const listen = async () => {
    const instance = create();
    await new Promise<void>((resolve, reject) => {
      instance.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    instance.on('error', () => {}); // connection resets during shutdown are expected
    port = (instance.server.address() as AddressInfo).port;
    server = instance;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    user: credentials.user,
    password: credentials.password,
    received,
    get refusedLogins() {
      return state.refusedLogins;
    },
    async stop() {
      const instance = server;
      server = undefined;
      if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
    },
    start: listen,
  };
}
