import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { claimRows } from '../jobs/queue.ts';
import { describeSmtpError } from './smtp-errors.ts';
import type { SmtpSettings } from './smtp-settings.ts';

/** Back-off after the n-th failed attempt: 1, 2, 4 … minutes, at most 2 hours apart. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_DELAY_MS = 2 * 60 * 60_000;
/** About ten hours of trying (an hour's outage costs ~6 attempts); then the message is 'failed' for the admin. */
export const MAX_ATTEMPTS = 12;
/** A claimed message is left alone this long: if the process dies while sending, it is tried again after. */
const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH_SIZE = 25;
/** At most this many messages per run, so one run cannot monopolise the database. */
const MAX_PER_RUN = 500;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

export type OutboxRunResult = {
  status: 'done' | 'not_configured';
  sent: number;
  retrying: number;
  failed: number;
  /** Why the run stopped early: the mail server could not be reached or refused the login (a sentence). */
  serverError?: string;
};

type SmtpError = Error & { code?: string; responseCode?: number };

/** The whole connection is unusable (server down, login refused): stop this run, keep the rest for later. */
function isConnectionError(error: SmtpError): boolean {
  return [
    'ECONNECTION',
    'ETIMEDOUT',
    'ESOCKET',
    'EDNS',
    'ETLS',
    'EAUTH',
    'ECONNREFUSED',
    'EPROTOCOL',
  ].includes(error.code ?? '');
}

/** The server refused this message for good (e.g. 550 no such mailbox): retrying cannot help. */
function isPermanentRejection(error: SmtpError): boolean {
  return !isConnectionError(error) && (error.responseCode ?? 0) >= 500;
}

/** The `lastError` the owner sees in the outbox list: a sentence with the server's detail, bounded. */
function describe(error: SmtpError): string {
  return describeSmtpError(error, 'send').slice(0, 1000);
}

/**
 * The e-mail outbox's work as a queue (src/server/jobs/queue.ts runs it, the registry lists it): `send()` sends
 * every due message once, with retries and back-off, however many processes send at the same time.
 */
export function createOutboxSender(options: {
  db: Db;
  smtp: SmtpSettings;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Replies go to the enquiries address (SITE_EMAIL), whatever account sends. */
  replyTo?: string;
}): { send(): Promise<OutboxRunResult> } {
  const { db, smtp, clock, log } = options;

  /** Due messages, each counted as an attempt and leased while it is sent. */
  const claimBatch = (now: Date) =>
    claimRows(db, outbox, {
      due: lte(outbox.nextAttemptAt, now),
      orderBy: [outbox.nextAttemptAt, outbox.id],
      limit: BATCH_SIZE,
      lease: { nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) },
    });

  async function send(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { status: 'done', sent: 0, retrying: 0, failed: 0 };
    // Read at every run: a mail server or password saved in the admin is used by the next run, with no restart.
    const server = await smtp.server(db);
    const password = server ? await smtp.getPassword(db) : undefined;
    if (!server || password === undefined) return { ...result, status: 'not_configured' };
    const from = smtp.fromHeader(server);
    const transport = await smtp.createTransport(server, password, { pool: true });
    try {
      let handled = 0;
      while (handled < MAX_PER_RUN) {
        const batch = (await claimBatch(clock.now())).sort((a, b) => a.id - b.id);
        if (batch.length === 0) break;
        for (const [index, message] of batch.entries()) {
          handled++;
          try {
            await transport.sendMail({
              from,
              replyTo: options.replyTo,
              to: message.to,
              subject: message.subject,
              html: message.html,
              text: message.text,
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
                ...(a.encoding ? { encoding: a.encoding } : {}),
              })),
              headers: { ...message.headers, 'X-Outbox-Id': String(message.id) },
            });
            await db
              .update(outbox)
              .set({ status: 'sent', sentAt: clock.now(), lastError: null })
              .where(eq(outbox.id, message.id));
            result.sent++;
            log.info({ outboxId: message.id, kind: message.kind }, 'e-mail sent');
          } catch (caught) {
            const error = caught as SmtpError;
            const lastError = describe(error);
            const giveUp = message.attempts >= MAX_ATTEMPTS || isPermanentRejection(error);
            const retryAt = new Date(clock.now().getTime() + retryDelayMs(message.attempts));
            await db
              .update(outbox)
              .set(giveUp ? { status: 'failed', lastError } : { nextAttemptAt: retryAt, lastError })
              .where(eq(outbox.id, message.id));
            if (giveUp) result.failed++;
            else result.retrying++;
            log.warn(
              { outboxId: message.id, kind: message.kind, attempts: message.attempts, err: lastError },
              giveUp ? 'e-mail failed for good' : 'e-mail not sent; will retry',
            );
            if (isConnectionError(error)) {
              // The server is unreachable: the rest of this batch was not tried, so it keeps its attempts.
              const rest = batch.slice(index + 1).map((m) => m.id);
              if (rest.length > 0) {
                await db
                  .update(outbox)
                  .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: retryAt, lastError })
                  .where(inArray(outbox.id, rest));
                result.retrying += rest.length;
              }
              return { ...result, serverError: lastError };
            }
          }
        }
      }
      return result;
    } finally {
      transport.close();
    }
  }

  return { send };
}
