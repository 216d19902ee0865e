import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailStatusSchema,
  EmailTestResultSchema,
  MailServerSettingsSchema,
  OutboxIdParamsSchema,
  OutboxListSchema,
  OutboxMessageSchema,
  SaveMailServerSchema,
  SetEmailPasswordSchema,
} from '../../domain/api/email.ts';
import { actor, audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { outbox } from '../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import { EMAIL_TEST_SETTING } from '../go-live/checklist.ts';
import { deleteSetting, putSetting } from '../settings/settings-store.ts';
import { describeSmtpError, type SmtpError } from './smtp-errors.ts';
import type { MailServer, SmtpSettings } from './smtp-settings.ts';

const RECENT_LIMIT = 50;

const NO_MAIL_SERVER =
  'The mail server is not configured yet: enter it under Mail Server in the Email tab (or set SMTP_HOST and SMTP_USER on the server).';

function toOutboxMessage(row: typeof outbox.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The Email tab's endpoints (admin scope). The password is checked by logging in to the SMTP server before it is
 * stored, sealed with AES-256-GCM, and never sent back.
 */
export const emailAdminRoutes: FastifyPluginAsyncZod<AppContext & { smtp: SmtpSettings }> = async (
  app,
  { db, smtp, config, clock },
) => {
  const status = async () => {
    const server = await smtp.server(db);
    return {
      configured: server !== undefined && (await smtp.hasPassword(db)),
      email: server?.user ?? config.smtp.user ?? config.smtp.from ?? null,
      mailServer: server !== undefined,
    };
  };

  /** Logs in to `server` with `password`, outside any transaction: nothing is saved unless the server accepts it. */
  async function checkLogin(server: MailServer, password: string, log: typeof app.log): Promise<void> {
    const transport = await smtp.createTransport(server, password);
    try {
      await transport.verify();
    } catch (caught) {
      const error = caught as SmtpError;
      log.warn({ code: error.code }, 'SMTP login failed while saving the mail server');
      const message = describeSmtpError(error, 'login');
      throw error.code === 'EAUTH'
        ? new HttpError(400, 'smtp_login_failed', message)
        : new HttpError(502, 'smtp_login_failed', message);
    } finally {
      transport.close();
    }
  }

  app.get('/admin/email-status', { schema: { response: { 200: EmailStatusSchema } } }, status);

  app.post(
    '/admin/set-email-password',
    { schema: { body: SetEmailPasswordSchema, response: { 200: EmailStatusSchema } } },
    async (request) => {
      const password = request.body.password.trim();
      if (!password) throw badRequest('Please enter the email password', 'password_required');
      const server = await smtp.server(db);
      if (!server) throw conflict(NO_MAIL_SERVER, 'smtp_not_configured');
      await checkLogin(server, password, request.log);
      await db.transaction(async (tx) => {
        await smtp.savePassword(tx, password);
        // A new password has not been tested yet (the go-live checklist asks for a test message).
        await deleteSetting(tx, EMAIL_TEST_SETTING);
        await audit(tx, {
          actor: actor(request),
          action: 'email.password_set',
          details: { account: server.user },
        });
      });
      return status();
    },
  );

  app.get(
    '/admin/settings/mail-server',
    { schema: { response: { 200: MailServerSettingsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return smtp.view(db);
    },
  );

  /**
   * The mail server entered in the admin (decision 024): a login with these settings first, then stored (the
   * password sealed); the next message sent uses them, with no restart. Fields the environment sets win.
   */
  app.put(
    '/admin/settings/mail-server',
    { schema: { body: SaveMailServerSchema, response: { 200: MailServerSettingsSchema } } },
    async (request, reply) => {
      const given = request.body.password?.trim() ? request.body.password.trim() : undefined;
      const password = given ?? (await smtp.getPassword(db));
      if (password === undefined) throw badRequest('Please enter the email password', 'password_required');
      const server = smtp.candidate(request.body);
      await checkLogin(server, password, request.log);
      await db.transaction(async (tx) => {
        await smtp.saveServer(tx, request.body);
        if (given !== undefined) await smtp.savePassword(tx, given);
        // Another server or password has not been tested yet (the go-live checklist asks for a test message).
        await deleteSetting(tx, EMAIL_TEST_SETTING);
        await audit(tx, {
          actor: actor(request),
          action: 'email.server_set',
          details: {
            host: server.host,
            port: server.port,
            account: server.user,
            passwordChanged: given !== undefined,
          },
        });
      });
      reply.header('cache-control', 'no-store');
      return smtp.view(db);
    },
  );

  /**
   * A test message to the owner's address (OWNER_EMAIL), sent now rather than through the outbox: the owner sees
   * at once whether the mail server takes it, with its own words when it does not.
   */
  app.post(
    '/admin/email/test-message',
    { schema: { response: { 200: EmailTestResultSchema } } },
    async (request) => {
      const server = await smtp.server(db);
      if (!server) throw conflict(NO_MAIL_SERVER, 'smtp_not_configured');
      const password = await smtp.getPassword(db);
      if (password === undefined) {
        throw conflict('Save the e-mail password first; then send a test message.', 'email_not_configured');
      }
      const to = config.ownerEmail;
      const transport = await smtp.createTransport(server, password);
      try {
        await transport.sendMail({
          from: smtp.fromHeader(server),
          to,
          replyTo: config.siteEmail,
          subject: 'Test message from The Tower',
          text: `This is a test message from your website (${config.siteUrl}). Booking e-mails to guests and to you are sent the same way.`,
        });
      } catch (caught) {
        const error = caught as SmtpError;
        request.log.warn({ code: error.code }, 'the test message could not be sent');
        const message = describeSmtpError(error, 'send');
        throw error.code === 'EAUTH' || (error.responseCode ?? 0) >= 500
          ? new HttpError(400, 'email_test_failed', message)
          : new HttpError(502, 'email_test_failed', message);
      } finally {
        transport.close();
      }
      const at = clock.now();
      await db.transaction(async (tx) => {
        await putSetting(tx, EMAIL_TEST_SETTING, { at: at.toISOString(), to }, at);
        await audit(tx, {
          actor: actor(request),
          action: 'email.test_sent',
          details: { to },
        });
      });
      return { to, message: `A test message was sent to ${to}.` };
    },
  );

  app.get('/admin/outbox', { schema: { response: { 200: OutboxListSchema } } }, async () => {
    const waiting = inArray(outbox.status, ['queued', 'failed']);
    const [rows, counts] = await Promise.all([
      db
        .select()
        .from(outbox)
        .where(waiting)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(RECENT_LIMIT),
      db.select({ status: outbox.status, n: count() }).from(outbox).where(waiting).groupBy(outbox.status),
    ]);
    const countOf = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
    return { queued: countOf('queued'), failed: countOf('failed'), messages: rows.map(toOutboxMessage) };
  });

  app.post(
    '/admin/outbox/:id/retry',
    {
      schema: {
        params: OutboxIdParamsSchema,
        response: { 200: OutboxMessageSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(outbox)
          .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(0) })
          .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
          .returning();
        if (updated) {
          await audit(tx, {
            actor: actor(request),
            action: 'email.outbox_retry',
            details: { outboxId: id },
          });
        }
        return updated;
      });
      if (row) return toOutboxMessage(row);
      const [existing] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
      if (!existing) throw notFound(`There is no outbox message ${id}.`);
      throw conflict(
        `Message ${id} is ${existing.status}; only a failed message can be retried.`,
        'not_failed',
      );
    },
  );
};
