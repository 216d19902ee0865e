import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createOutboxSender, type OutboxRunResult } from './outbox-worker.ts';
import { emailAdminRoutes } from './routes.ts';
import { createSmtpSettings, type SmtpSettings } from './smtp-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the outbox's due messages: the registry's `email-outbox` queue runs it (plugins/jobs.ts). */
    outboxSender: { send(): Promise<OutboxRunResult> };
    /** The mail server's settings (environment, else the admin's), the owner's password (the checklist reads them too). */
    smtp: SmtpSettings;
  }
}

/** Booking e-mail: the mail server's settings, the outbox's sender and the Email tab's routes. */
export const emailPlugin = fp(
  async (app: FastifyInstance, options: AppContext) => {
    const { config, db, clock } = options;
    const smtp = createSmtpSettings(config, options.secretBox);
    app.decorate('smtp', smtp);
    app.decorate(
      'outboxSender',
      createOutboxSender({ db, smtp, clock, log: app.log, replyTo: config.siteEmail }),
    );
    await registerAdminApi(app, emailAdminRoutes, { ...options, smtp });
  },
  { name: 'email', fastify: '5.x', dependencies: ['admin-auth'] },
);
