import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.ts';
import { emailAdminRoutes } from './routes.ts';
import { createSecretBox } from './secret-box.ts';
import { createSmtpSettings, type SmtpSettings } from './smtp-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the outbox's messages (started by plugins/jobs.ts); tests call `app.outboxWorker.runOnce()`. */
    outboxWorker: OutboxWorker;
    /** The mail server's settings, and the owner's password for it (the go-live checklist reads them too). */
    smtp: SmtpSettings;
  }
}

/** Booking e-mail: the mail server's settings, the outbox's sender and the Email tab's routes. */
export const emailPlugin = fp(
  async (app: FastifyInstance, options: AppContext & { outboxIntervalMs?: number | undefined }) => {
    const { config, database, clock } = options;
    const smtp = createSmtpSettings(
      config,
      createSecretBox({ secretKey: config.secretKey, dataDir: config.dataDir }),
    );
    app.decorate('smtp', smtp);
    app.decorate(
      'outboxWorker',
      createOutboxWorker({
        database,
        smtp,
        clock,
        log: app.log,
        replyTo: config.siteEmail,
        intervalMs: options.outboxIntervalMs,
      }),
    );
    await registerAdminApi(app, emailAdminRoutes, { ...options, smtp });
  },
  { name: 'email', fastify: '5.x', dependencies: ['admin-auth'] },
);
