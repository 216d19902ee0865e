import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { publicOwnerTexts } from '../domain/owner-texts.ts';
import { publicPropertyFacts } from '../domain/property-facts.ts';
import { publicPricesFromPlan } from '../domain/site-content.ts';
import { createRequireAdmin } from './admin-auth/require-admin.ts';
import { type RouteTable, recordRoutes } from './admin-auth/route-table.ts';
import { adminAuthRoutes } from './admin-auth/routes.ts';
import { adminBookingRoutes } from './admin-bookings/routes.ts';
import { createAdminBookingService, type RefundProvider } from './admin-bookings/service.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { type BookingsRepository, createBookings } from './bookings/bookings-repository.ts';
import { calendarSyncAdminRoutes, icalExportRoutes } from './calendar-sync/routes.ts';
import { type CalendarSync, type CalendarSyncDeps, createCalendarSync } from './calendar-sync/service.ts';
import { type Clock, createOffsetClock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Database, pgErrorCode } from './db/database.ts';
import { downloadFileRoutes, downloadsApiRoutes } from './downloads/routes.ts';
import { createEmailNotifications } from './email/notifications.ts';
import { createOutboxWorker, type OutboxWorker } from './email/outbox-worker.ts';
import { emailAdminRoutes } from './email/routes.ts';
import { createSecretBox } from './email/secret-box.ts';
import { createSmtpSettings } from './email/smtp-settings.ts';
import { HttpError } from './errors.ts';
import { createGoLiveChecklist, type PhotosReady } from './go-live/checklist.ts';
import { goLiveRoutes } from './go-live/routes.ts';
import { createGuestData, createRetentionJob } from './guest-journey/guest-data.ts';
import { createManageBooking } from './guest-journey/manage-booking.ts';
import { createOwnerStayActions } from './guest-journey/owner-actions.ts';
import { guestJourneyAdminRoutes, manageBookingRoutes } from './guest-journey/routes.ts';
import { createScheduledMessages, createScheduledMessagesJob } from './guest-journey/scheduled-messages.ts';
import { healthRoutes } from './health/routes.ts';
import type { IntervalJob } from './jobs/interval-job.ts';
import type { NotificationEvents } from './notifications/events.ts';
import { createOwnerContentRepository } from './owner-content/repository.ts';
import { ownerContentRoutes } from './owner-content/routes.ts';
import { startBalanceJob } from './payment-schedule/balance-job.ts';
import type { BalanceJobResult } from './payment-schedule/balance-service.ts';
import { adminPaymentScheduleRoutes, publicPaymentScheduleRoutes } from './payment-schedule/routes.ts';
import { createPaymentProvider } from './payments/create-payment-provider.ts';
import { startHoldSweeper } from './payments/hold-sweeper.ts';
import { createPaymentService } from './payments/payment-service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { paymentRoutes } from './payments/routes.ts';
import { stripeWebhookRoutes } from './payments/stripe-webhook.ts';
import { createPhotoWorker, type PhotoWorker } from './photos/photo-worker.ts';
import { photoAdminRoutes, photoFileRoutes } from './photos/routes.ts';
import { createPhotoService, loadSitePhotos, photosReady } from './photos/service.ts';
import { createPhotoStorage } from './photos/storage.ts';
import { createRatePlans, loadRatePlan } from './pricing/rate-plan-repository.ts';
import { ratePlanAdminRoutes, ratePlanPublicRoutes } from './pricing/routes.ts';
import { propertyRoutes } from './properties/routes.ts';
import { AccessLogController } from './request-logging.ts';
import { siteContentRoutes } from './site-content/routes.ts';
import {
  createSiteContent,
  type SiteContentService,
  type SiteContentSources,
} from './site-content/site-content.ts';
import { testClockRoutes } from './test-clock/routes.ts';
import { createPageRenderer, type PageRenderer } from './web/render-pages.ts';
import { seoRoutes } from './web/seo-routes.ts';
import { loadSite, type Page, pageBody, replacePages, type Site } from './web/site.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Where the default logger writes (stdout unless given; tests read the lines). */
  logStream?: { write(line: string): void };
  /** The built web app; 'load' reads build/client (the default), undefined serves the API alone. */
  site?: Site | 'load' | undefined;
  /** Defaults to e-mail through the outbox. */
  notifications?: NotificationEvents;
  /** Run the e-mail outbox sender in the background (main.ts); tests call `app.outboxWorker.runOnce()`. */
  startOutboxWorker?: boolean | { intervalMs: number };
  /** The iCal fetcher's DNS resolver and limits (tests fake a private address or shorten the timeout). */
  calendarSync?: Pick<CalendarSyncDeps, 'resolve' | 'fetchLimits'>;
  /** Refunds of owner cancellations; defaults to the payment provider (tests may pass a recording fake). */
  refunds?: RefundProvider;
  /** Tests may inject a payment provider; by default the configuration picks Stripe or demo. */
  payments?: PaymentProvider;
  /** Expire lapsed holds on a timer (default true). */
  holdSweeper?: boolean;
  /** Process uploaded photos in this process (default true; tests of a restart upload with it off). */
  photoWorker?: boolean;
  /** The slideshow's photos for the go-live checklist (default: the photos capability's count; tests may fake it). */
  photosReady?: PhotosReady;
  /** Log the go-live checklist's open items when the server is ready (default: in production). */
  logGoLiveBlockers?: boolean;
  /**
   * Renders the public pages with the site content: by default React Router's server build beside a loaded
   * site; an injected site has none unless one is given.
   */
  pageRenderer?: PageRenderer;
  /** Parts of the site content from elsewhere than their owners' tables (tests). */
  siteContentSources?: SiteContentSources;
  /**
   * Queue the scheduled guest messages and run the data retention on their timers (default: with the outbox
   * sender's timer, as main.ts runs it; tests call `app.guestMessages.runNow()` under their manual clock).
   */
  guestJobs?: boolean;
  /** Charge due balances on a timer (default true); tests run it with `app.balanceJob.runNow()`. */
  balanceJob?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The bookings module of this app (tests write their fixtures through it). */
    bookings: BookingsRepository;
    outboxWorker: OutboxWorker;
    /**
     * The scheduled guest messages: `runNow()` as the timer runs it (once per interval across processes),
     * `queueDue()` without the interval's claim. Tests call them under the manual clock.
     */
    guestMessages: { runNow(): Promise<unknown>; queueDue(): Promise<{ queued: string[] }> };
    /** The retention job's run (erases the guest data of stays that ended more than 7 years ago). */
    guestDataRetention: { runNow(): Promise<unknown> };
    /** Tests run the hold sweep (and its reconciliation of lapsed paid holds) with `app.holdSweeper.sweep()`. */
    holdSweeper: { sweep(): Promise<string[]> };
    /** Tests drive its automatic run: `app.calendarSync.runIfDue()`. */
    calendarSync: CalendarSync;
    /**
     * The owner's photos: `photosReady()` for the go-live checklist; tests wait for the background processing
     * of uploads with `app.photos.worker.settled()`.
     */
    photos: { photosReady(): Promise<{ ready: number; missingAlt: number }>; worker: PhotoWorker };
    /** Tests await `app.siteContent.settled()` before reading a page after a change. */
    siteContent: SiteContentService;
    /** The balance job (decision 016): tests run it with `app.balanceJob.runNow()` under their clock. */
    balanceJob: Pick<IntervalJob<BalanceJobResult>, 'runNow'>;
  }
}

/** Routes that only the browser can render (they depend on a parameter): served the client-only shell. */
const CLIENT_ONLY_ROUTES = ['/checkout', '/checkout/:bookingId', '/booking/:reference'];
/**
 * The guest's own booking page (its address carries the key of their link): never stored by a browser or a
 * proxy, never indexed.
 */
const PRIVATE_CLIENT_ROUTES = new Set(['/booking/:reference']);

function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const stripe = config.payments.mode === 'stripe';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(stripe ? ['https://js.stripe.com'] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
    'frame-src': stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': [],
  };
  if (!config.siteUrl.startsWith('https:')) delete directives['upgrade-insecure-requests'];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** True for GET and HEAD (one method or a route's list of them): requests that change nothing. */
function readOnly(method: string | string[]): boolean {
  return (Array.isArray(method) ? method : [method]).every((one) => one === 'GET' || one === 'HEAD');
}

/**
 * Browser features the site never uses are switched off for it and anything it embeds. `payment` (the Payment
 * Request API) only for Stripe's frames, which offer Apple Pay and Google Pay; demo mode offers no wallet.
 */
function permissionsPolicy(config: Config): string {
  const stripe = config.payments.mode === 'stripe';
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'usb=()',
    stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
  ].join(', ');
}

/**
 * The headers @fastify/helmet sets (its defaults, without CSP and COEP, which we handle ourselves), read once
 * from a throwaway instance. Helmet itself rebuilds its middleware on every request; one object of ready
 * headers is the same answer at a fraction of the cost. X-Frame-Options is DENY, as the CSP's
 * frame-ancestors 'none' says; Strict-Transport-Security only when the site is served over HTTPS (a browser
 * ignores it over plain HTTP, and on localhost it would pin the name to HTTPS for a year).
 */
async function helmetHeaders(config: Config): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    ...(config.siteUrl.startsWith('https:') ? {} : { strictTransportSecurity: false }),
  });
  probe.get('/', async (_request, reply) => reply.raw.getHeaders());
  const headers = (await probe.inject({ method: 'GET', url: '/' })).json<Record<string, string>>();
  await probe.close();
  return headers;
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value it cannot store or read, e.g. 22P05 untranslatable
 * character, 22021 bad byte sequence, 22003 number out of range, 22008 date out of range) are the client's bad
 * input that the request schemas let through: a 400 with a sentence, never a 500
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
function dataExceptionMessage(code: string): string {
  switch (code) {
    case '22P05':
    case '22021':
      return 'The request contains characters that cannot be stored. Remove any control characters and try again.';
    case '22003':
      return 'A number in the request is too large or too small.';
    case '22007':
    case '22008':
      return 'A date in the request is not valid or too far from today.';
    default:
      return 'A value in the request is not valid.';
  }
}

/** Fastify's own answer to an address it cannot route (a broken %-escape, an overlong parameter), in our shape. */
function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ error: 'bad_request', message: 'A part of the address of this request is too long.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({
      error: 'bad_request',
      message: 'The address of this request is not valid: a % must begin an escape such as %20.',
    });
  }
  return reply.send(error);
}

/** A person-readable sentence from zod's validation issues: "checkInDate: Invalid date". */
function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return where ? `${where}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  return error.message;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // The end-to-end server (NODE_ENV=test, no injected clock) gets a clock tests can move: POST /api/test/clock.
  const testClock =
    config.nodeEnv === 'test' && options.clock === undefined ? createOffsetClock() : undefined;
  const clock = options.clock ?? testClock ?? systemClock;
  const app = Fastify({
    logger:
      options.logger === undefined || options.logger === true
        ? {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
            serializers: {
              // Query strings may carry secrets (the iCal export key): log the path only.
              req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          }
        : options.logger,
    // Access log lines of 2xx answers at debug (request-logging.ts).
    logController: new AccessLogController(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Security headers: helmet's, worked out once, and our Content Security Policy (pages set their own).
  const securityHeaders = {
    ...(await helmetHeaders(config)),
    'content-security-policy': contentSecurityPolicy(config),
    'permissions-policy': permissionsPolicy(config),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Request bodies may arrive compressed; a GET or HEAD has none, so its route skips that hook.
  app.addHook('onRoute', (route) => {
    if (readOnly(route.method)) route.decompress ??= false;
  });
  // Only the routes that ask for it (their `config.rateLimit`) are limited.
  await app.register(rateLimit, { global: false });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ error: error.code, message: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply.status(400).send({ error: 'invalid_input', message: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: a malformed JSON body, a body too large, a bad content type…
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
      };
      return reply.status(status).send({
        error: 'bad_request',
        message: messages[error.code] ?? 'The request could not be understood.',
      });
    }
    const pgCode = pgErrorCode(error);
    if (pgCode?.startsWith('22')) {
      // The code and the route only: the refused value may be anything a client sent.
      request.log.warn(
        { pgCode, route: request.routeOptions.url },
        'the database refused a value of the request',
      );
      return reply.status(400).send({ error: 'invalid_input', message: dataExceptionMessage(pgCode) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: 'internal_error',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });

  const context: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    notifications: options.notifications ?? createEmailNotifications(config, { clock }),
    payments: options.payments ?? createPaymentProvider(config, database.db, clock),
    siteContent: createSiteContent({
      db: database.db,
      sources: { ...siteContentSources(), ...options.siteContentSources },
      log: app.log,
      // Another process may have published a change: PostgreSQL deployments can run several.
      pollMs: database.kind === 'postgres' ? 30_000 : undefined,
    }),
    bookings: createBookings({ db: database.db, clock }),
    ratePlans: createRatePlans({ db: database.db, clock }),
  };
  app.decorate('bookings', context.bookings);
  app.decorate('siteContent', context.siteContent);
  app.addHook('onClose', async () => context.siteContent.stop());
  const smtp = createSmtpSettings(
    config,
    createSecretBox({ secretKey: config.secretKey, dataDir: config.dataDir }),
  );
  const outboxWorker = createOutboxWorker({
    database,
    smtp,
    clock,
    log: app.log,
    replyTo: config.siteEmail,
    intervalMs:
      typeof options.startOutboxWorker === 'object' ? options.startOutboxWorker.intervalMs : undefined,
  });
  app.decorate('outboxWorker', outboxWorker);
  if (options.startOutboxWorker) app.addHook('onReady', async () => outboxWorker.start());
  app.addHook('onClose', async () => outboxWorker.stop());
  const paymentService = createPaymentService(context, app.log);
  const holdSweeper = startHoldSweeper({
    db: database.db,
    bookings: context.bookings,
    clock,
    log: app.log,
    reconcile: paymentService.reconcileLapsedHolds,
  });
  const balanceJob = startBalanceJob({
    db: database.db,
    clock,
    log: app.log,
    balances: paymentService.balances,
  });
  app.decorate('balanceJob', { runNow: balanceJob.runNow });
  if (options.balanceJob === false) await balanceJob.stop();
  app.addHook('onClose', async () => balanceJob.stop());
  app.decorate('holdSweeper', { sweep: holdSweeper.sweep });
  if (options.holdSweeper === false) holdSweeper.stop();
  app.addHook('onClose', async () => holdSweeper.stop());
  const adminBookings = createAdminBookingService({
    db: database.db,
    bookings: context.bookings,
    clock,
    notifications: context.notifications,
    refunds: options.refunds ?? context.payments,
    siteUrl: config.siteUrl,
    reconcileLapsedHolds: paymentService.reconcileLapsedHolds,
  });
  const messageSite = { siteUrl: config.siteUrl, siteEmail: config.siteEmail };
  const guestMessageDeps = {
    db: database.db,
    clock,
    site: messageSite,
    ownerEmail: config.ownerEmail,
    log: app.log,
  };
  const scheduledMessages = createScheduledMessages(guestMessageDeps);
  const scheduledMessagesJob = createScheduledMessagesJob(guestMessageDeps, scheduledMessages);
  const guestData = createGuestData({ db: database.db, clock, bookings: context.bookings });
  const retentionJob = createRetentionJob({ db: database.db, clock, log: app.log }, guestData);
  if (options.guestJobs ?? Boolean(options.startOutboxWorker)) {
    scheduledMessagesJob.start();
    retentionJob.start();
  }
  app.addHook('onClose', async () => {
    await scheduledMessagesJob.stop();
    await retentionJob.stop();
  });
  app.decorate('guestMessages', {
    runNow: scheduledMessagesJob.runNow,
    queueDue: scheduledMessages.queueDue,
  });
  app.decorate('guestDataRetention', { runNow: retentionJob.runNow });
  const manage = createManageBooking({
    db: database.db,
    clock,
    site: messageSite,
    ownerEmail: config.ownerEmail,
    adminBookings,
  });
  const ownerStayActions = createOwnerStayActions({
    db: database.db,
    bookings: context.bookings,
    clock,
    siteUrl: config.siteUrl,
    scheduled: scheduledMessages,
  });
  const requireAdmin = createRequireAdmin(database.db, clock);
  const calendarSync = createCalendarSync({ ...context, ...options.calendarSync, log: app.log });
  app.decorate('calendarSync', calendarSync);
  calendarSync.start();
  app.addHook('onClose', () => calendarSync.stop());
  // The owner's photos: uploads are processed in the background, by this process or another sharing the
  // database (the queue is the photos table); each published change renders the public pages again.
  const photoStorage = createPhotoStorage(config.mediaDir);
  const sitePhotosChanged = () => context.siteContent.changed();
  const photoWorker = createPhotoWorker({
    enabled: options.photoWorker !== false,
    db: database.db,
    storage: photoStorage,
    clock,
    log: app.log,
    onPublished: sitePhotosChanged,
  });
  const photoService = createPhotoService({
    db: database.db,
    clock,
    storage: photoStorage,
    worker: photoWorker,
    changed: sitePhotosChanged,
  });
  app.decorate('photos', { photosReady: () => photosReady(database.db), worker: photoWorker });
  app.addHook('onReady', async () => photoWorker.start());
  app.addHook('onClose', async () => photoWorker.stop());
  const goLive = createGoLiveChecklist({
    db: database.db,
    config,
    clock,
    smtp,
    photosReady: options.photosReady ?? (() => photosReady(database.db)),
  });
  if (options.logGoLiveBlockers ?? config.nodeEnv === 'production') {
    app.addHook('onReady', async () => {
      const open = (await goLive.read()).items.filter((item) => !item.done);
      if (open.length === 0) return;
      app.log.warn(
        { goLiveBlockers: open.map((item) => item.id) },
        `Not ready for guests yet (${open.length} open on the admin's go-live checklist): ${open.map((item) => `${item.label}: ${item.detail}`).join(' | ')}`,
      );
    });
  }
  const routeTable: RouteTable = { all: [], admin: [] };
  app.decorate('routeTable', routeTable);
  recordRoutes(app, routeTable.all);
  await app.register(
    async (api) => {
      // JSON is compressed as it is sent, here only: the pages and the built assets are compressed once, when
      // the server starts and at build time (registerSite).
      await api.register(compress, { threshold: 1024 });
      // Public routes.
      await api.register(healthRoutes, context);
      await api.register(propertyRoutes, context);
      await api.register(siteContentRoutes, context);
      await api.register(adminAuthRoutes, context); // login is public; verify and logout check the token
      await api.register(icalExportRoutes, { ...context, calendarSync }); // keyed by the export secret
      await api.register(downloadsApiRoutes);
      await api.register(paymentRoutes, { ...context, beforeHold: () => calendarSync.refreshStaleFeeds() });
      await api.register(publicPaymentScheduleRoutes, context);
      await api.register(stripeWebhookRoutes, context); // reads its body raw, for Stripe's signature
      if (testClock) {
        await api.register(testClockRoutes, {
          ...context,
          advance: testClock.advance,
          // The timers' work at the new time, as they would have done it: the hold sweep and the balance job,
          sweep: async () => {
            await holdSweeper.sweep();
            await balanceJob.runNow();
          },
          // then the scheduled messages and the outbox.
          afterAdvance: async () => {
            await scheduledMessages.queueDue();
            await outboxWorker.runOnce();
          },
        });
      }
      await api.register(availabilityRoutes, context);
      await api.register(manageBookingRoutes, { manage }); // keyed by the guest's own link
      await api.register(ratePlanPublicRoutes, context);

      // Admin routes: everything registered in this scope answers 401 without a valid admin token.
      await api.register(async (admin) => {
        admin.addHook('onRequest', requireAdmin);
        recordRoutes(admin, routeTable.admin); // first, so the authorization test sees every admin route
        await admin.register(emailAdminRoutes, { ...context, smtp });
        await admin.register(ownerContentRoutes, {
          ...context,
          contentChanged: () => context.siteContent.changed(),
        });
        await admin.register(goLiveRoutes, { ...context, goLive });
        await admin.register(calendarSyncAdminRoutes, { ...context, calendarSync });
        await admin.register(adminPaymentScheduleRoutes, context);
        await admin.register(adminBookingRoutes, {
          ...context,
          refunds: options.refunds ?? context.payments,
        });
        await admin.register(guestJourneyAdminRoutes, { ...context, owner: ownerStayActions, guestData });
        await admin.register(ratePlanAdminRoutes, context);
        await admin.register(photoAdminRoutes, { photos: photoService, storage: photoStorage });
      });

      api.all('/*', async (request, reply) =>
        reply.status(404).send({
          error: 'not_found',
          message: `There is no API endpoint at ${request.method} ${request.url.split('?')[0]}.`,
        }),
      );
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes, { siteUrl: config.siteUrl });
  await app.register(photoFileRoutes, { storage: photoStorage });
  await app.register(downloadFileRoutes);

  const loadBuilt = options.site === 'load' || (options.site === undefined && !('site' in options));
  const site = loadBuilt ? await loadSite(runtimeValues(config)) : (options.site as Site | undefined);
  if (site) {
    registerSite(app, site, config);
    const renderer = options.pageRenderer ?? (loadBuilt ? await createPageRenderer() : undefined);
    if (renderer) await renderWithSiteContent(site, context, runtimeValues(config), renderer);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send({ error: 'not_found', message: `Nothing is found at ${request.url.split('?')[0]}.` }),
    );
  }
  return app;
}

/** Where each part of the site content comes from (a part not listed is the fresh install's default). */
function siteContentSources(): SiteContentSources {
  return {
    // The rates the pages print are the owner's rate plan's (docs/decisions/013-rate-plan.md).
    prices: async (db) => publicPricesFromPlan(await loadRatePlan(db)),
    property: async (db) => publicPropertyFacts(await createOwnerContentRepository(db).readFacts()),
    texts: async (db) => publicOwnerTexts(await createOwnerContentRepository(db).readTexts()),
    photos: loadSitePhotos,
  };
}

const runtimeValues = (config: Config) => ({
  __SITE_URL__: config.siteUrl,
  __SITE_EMAIL__: config.siteEmail,
});

/**
 * The build pre-rendered the pages with the default content: they are rendered again with the owner's content
 * before the server answers, and again after each change of it (decision 012).
 */
async function renderWithSiteContent(
  site: Site,
  context: AppContext,
  values: ReturnType<typeof runtimeValues>,
  renderer: PageRenderer,
): Promise<void> {
  const paths = [...site.pages.keys(), ...(site.notFound ? ['/404'] : [])];
  context.siteContent.onChange(async (content) => replacePages(site, await renderer(content, paths), values));
  await context.siteContent.publishIfChanged();
}

function registerSite(app: FastifyInstance, site: Site, config: Config): void {
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Page,
    status = 200,
    privatePage = false,
  ) => {
    const { body, encoding } = pageBody(page, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    if (privatePage) reply.header('x-robots-tag', 'noindex, nofollow');
    return reply
      .status(status)
      .header('content-security-policy', contentSecurityPolicy(config, page.scriptHashes))
      .header('cache-control', privatePage ? 'no-store' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };

  // Looked up per request: the pages are replaced when the site content changes.
  for (const url of site.pages.keys())
    app.get(url, (request, reply) => sendPage(request, reply, site.pages.get(url)!));
  if (site.fallback) {
    for (const url of CLIENT_ONLY_ROUTES) {
      const privatePage = PRIVATE_CLIENT_ROUTES.has(url);
      app.get(url, (request, reply) => sendPage(request, reply, site.fallback!, 200, privatePage));
    }
  }
  // The pages' loader data, which the browser fetches when it moves between pages, kept as the pages are.
  for (const url of site.data.keys()) {
    app.get(url, (request, reply) => {
      const { body, encoding } = pageBody(site.data.get(url)!, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/x-script')
        .send(body);
    });
  }

  app.register(fastifyStatic, {
    root: site.root,
    index: false,
    redirect: false,
    wildcard: true,
    // The .br and .gz siblings written at build time (scripts/finish-build.ts), chosen by Accept-Encoding.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = /[\\/]assets[\\/]/.test(filePath);
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && site.notFound) {
      return sendPage(request, reply, site.notFound, 404);
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `Nothing is found at ${request.url.split('?')[0]}.` });
  });
}
