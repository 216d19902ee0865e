import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createOutboxSender, type OutboxRunResult } from './outbox-worker.ts';
import { emailAdminRoutes } from './routes.ts';
import { createSecretBox } from './secret-box.ts';
import { createSmtpSettings, type SmtpSettings } from './smtp-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the outbox's due messages: the registry's `email-outbox` queue runs it (plugins/jobs.ts). */
    outboxSender: { send(): Promise<OutboxRunResult> };
    /** The mail server's settings, and the owner's password for it (the go-live checklist reads them too). */
    smtp: SmtpSettings;
  }
}

/** Booking e-mail: the mail server's settings, the outbox's sender and the Email tab's routes. */
export const emailPlugin = fp(
  async (app: FastifyInstance, options: AppContext) => {
    const { config, db, clock } = options;
    const smtp = createSmtpSettings(
      config,
      createSecretBox({ secretKey: config.secretKey, dataDir: config.dataDir }),
    );
    app.decorate('smtp', smtp);
    app.decorate(
      'outboxSender',
      createOutboxSender({ db, smtp, clock, log: app.log, replyTo: config.siteEmail }),
    );
    await registerAdminApi(app, emailAdminRoutes, { ...options, smtp });
  },
  { name: 'email', fastify: '5.x', dependencies: ['admin-auth'] },
);
