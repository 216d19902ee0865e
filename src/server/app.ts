import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAuthPlugin } from './admin-auth/plugin.ts';
import { adminBookingsPlugin } from './admin-bookings/plugin.ts';
import type { RefundProvider } from './admin-bookings/service.ts';
import { alertsPlugin } from './alerts/plugin.ts';
import { arrivalPlugin } from './arrival/plugin.ts';
import { availabilityRoutes } from './availability/routes.ts';
import { backupsPlugin } from './backups/plugin.ts';
import { type BookingsRepository, createBookings } from './bookings/bookings-repository.ts';
import { calendarSyncPlugin } from './calendar-sync/plugin.ts';
import type { CalendarSyncDeps } from './calendar-sync/service.ts';
import { checkoutFollowUpsPlugin } from './checkout-follow-ups/plugin.ts';
import { type Clock, createOffsetClock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { damageHoldsPlugin } from './damage-holds/plugin.ts';
import type { Database } from './db/database.ts';
import { documentsPlugin } from './documents/plugin.ts';
import { downloadFileRoutes, downloadsApiRoutes } from './downloads/routes.ts';
import { createEmailNotifications } from './email/notifications.ts';
import { emailPlugin } from './email/plugin.ts';
import { enquiriesPlugin } from './enquiries/plugin.ts';
import type { PhotosReady } from './go-live/checklist.ts';
import { goLivePlugin } from './go-live/plugin.ts';
import { guestJourneyPlugin } from './guest-journey/plugin.ts';
import { healthRoutes } from './health/routes.ts';
import type { NotificationEvents } from './notifications/events.ts';
import { ownerContentRoutes } from './owner-content/routes.ts';
import { adminPaymentScheduleRoutes, publicPaymentScheduleRoutes } from './payment-schedule/routes.ts';
import { createLivePaymentProvider } from './payments/create-payment-provider.ts';
import { createPaymentSettings } from './payments/payment-settings.ts';
import { paymentsPlugin } from './payments/plugin.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { photosPlugin } from './photos/plugin.ts';
import { apiNotFound, registerAdminApi, registerApi } from './plugins/api.ts';
import { errorHandler, frameworkError } from './plugins/error-handler.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { requests } from './plugins/requests.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { createRatePlans } from './pricing/rate-plan-repository.ts';
import { ratePlanAdminRoutes, ratePlanPublicRoutes } from './pricing/routes.ts';
import { propertyRoutes } from './properties/routes.ts';
import { reportsPlugin } from './reports/plugin.ts';
import { AccessLogController } from './request-logging.ts';
import { reviewsPlugin } from './reviews/plugin.ts';
import { createSecretBox } from './settings/secret-box.ts';
import { siteContentRoutes } from './site-content/routes.ts';
import {
  createSiteContent,
  type SiteContentService,
  type SiteContentSources,
} from './site-content/site-content.ts';
import { SITE_CONTENT_SOURCES } from './site-content/sources.ts';
import { type DiskReader, readDisk, watchedDirectories } from './system/disks.ts';
import { systemAdminRoutes } from './system/routes.ts';
import { testClockRoutes } from './test-clock/routes.ts';
import { sitePlugin } from './web/plugin.ts';
import type { PageRenderer } from './web/render-pages.ts';
import type { Site } from './web/site.ts';

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
  /**
   * Run every job of the registry on its timer (main.ts). Off by default: tests run a job with
   * `app.jobs.run(name)` or `app.jobs.runIfDue(name)` under their manual clock.
   */
  startJobs?: boolean;
  /** The iCal fetcher's DNS resolver and limits (tests fake a private address or shorten the timeout). */
  calendarSync?: Pick<CalendarSyncDeps, 'resolve' | 'fetchLimits'>;
  /** Refunds of owner cancellations; defaults to the payment provider (tests may pass a recording fake). */
  refunds?: RefundProvider;
  /** Tests may inject a payment provider; by default the configuration picks Stripe or demo. */
  payments?: PaymentProvider;
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
  /** Reads the free space of a directory's disk (default: the real disk; tests fake a full one). */
  readDisk?: DiskReader;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The bookings module of this app (tests write their fixtures through it). */
    bookings: BookingsRepository;
    /** Tests await `app.siteContent.settled()` before reading a page after a change. */
    siteContent: SiteContentService;
  }
}

/**
 * The whole server: the house-wide plugins (security headers, errors, request limits), then one plugin per
 * capability (its services, its routes, what the tests reach), the background jobs and the public site.
 * Each capability's routes are registered under /api by plugins/api.ts; an admin route there answers 401
 * without a valid admin session.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // The end-to-end server (NODE_ENV=test, no injected clock) gets a clock tests can move: POST /api/test/clock.
  const testClock =
    config.nodeEnv === 'test' && options.clock === undefined ? createOffsetClock() : undefined;
  const clock = options.clock ?? testClock ?? systemClock;
  const app = Fastify(serverOptions(options)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const context = appContext(options, clock, app.log);
  app.decorate('siteContent', context.siteContent);
  app.decorate('bookings', context.bookings);
  app.addHook('onClose', async () => context.siteContent.stop());
  // Stripe keys saved in the admin count from the start (the routes and headers below read the mode).
  await context.paymentSettings.refresh();

  // House-wide: each applies to every route registered after it.
  await app.register(securityHeaders, {
    config,
    stripeOn: () => context.paymentSettings.current().mode === 'stripe',
  });
  await app.register(errorHandler);
  await app.register(requests);
  await app.register(adminAuthPlugin, context); // the admin guard and the route table, before any other route

  // The capabilities.
  await registerApi(app, healthRoutes, context);
  await registerApi(app, propertyRoutes, context);
  await registerApi(app, siteContentRoutes, context);
  await registerApi(app, availabilityRoutes, context);
  await registerApi(app, ratePlanPublicRoutes, context);
  await registerAdminApi(app, ratePlanAdminRoutes, context);
  await registerAdminApi(app, ownerContentRoutes, {
    ...context,
    contentChanged: () => context.siteContent.changed(),
  });
  await registerApi(app, publicPaymentScheduleRoutes, context);
  await registerAdminApi(app, adminPaymentScheduleRoutes, context);
  await registerApi(app, downloadsApiRoutes, {});
  await app.register(downloadFileRoutes);
  await app.register(emailPlugin, context);
  await app.register(calendarSyncPlugin, { ...context, fetching: options.calendarSync });
  await app.register(paymentsPlugin, context);
  await app.register(adminBookingsPlugin, { ...context, refunds: options.refunds ?? context.payments });
  await app.register(guestJourneyPlugin, context);
  await app.register(enquiriesPlugin, context);
  await app.register(documentsPlugin, context);
  await app.register(damageHoldsPlugin, context);
  await app.register(arrivalPlugin, context);
  await app.register(photosPlugin, context);
  await app.register(reviewsPlugin, context);
  await app.register(backupsPlugin, context);
  await app.register(goLivePlugin, {
    ...context,
    photosReady: options.photosReady,
    logBlockers: options.logGoLiveBlockers ?? config.nodeEnv === 'production',
  });
  await app.register(reportsPlugin, context);
  const diskReader = options.readDisk ?? readDisk;
  await app.register(alertsPlugin, { ...context, readDisk: diskReader });
  await app.register(checkoutFollowUpsPlugin, context);
  await app.register(jobsPlugin, {
    ...context,
    startJobs: options.startJobs ?? false,
    queuesOff: options.photoWorker === false ? ['photo-processing'] : [],
  });
  await registerAdminApi(app, systemAdminRoutes, {
    jobs: app.jobs,
    alerts: app.alerts,
    database: context.database,
    directories: watchedDirectories(config),
    readDisk: diskReader,
    backups: app.backups,
  });
  if (testClock) await registerApi(app, testClockRoutes, { ...context, advance: testClock.advance });
  await registerApi(app, apiNotFound, {});

  await app.register(sitePlugin, {
    config,
    siteContent: context.siteContent,
    site: 'site' in options ? options.site : 'load',
    pageRenderer: options.pageRenderer,
    stripeOn: () => context.paymentSettings.current().mode === 'stripe',
  });
  return app;
}

/** What every capability is given (context.ts): the configuration's choices, or what a test injected. */
function appContext(options: BuildAppOptions, clock: Clock, log: FastifyInstance['log']): AppContext {
  const { config, database } = options;
  const secretBox = createSecretBox({ secretKey: config.secretKey, dataDir: config.dataDir });
  const paymentSettings = createPaymentSettings({ config, db: database.db, clock, secretBox });
  return {
    config,
    database,
    db: database.db,
    clock,
    secretBox,
    paymentSettings,
    notifications: options.notifications ?? createEmailNotifications(config, { clock }),
    payments: options.payments ?? createLivePaymentProvider(paymentSettings, database.db, clock),
    siteContent: createSiteContent({
      db: database.db,
      sources: { ...SITE_CONTENT_SOURCES, ...options.siteContentSources },
      log,
      // Another process may have published a change: PostgreSQL deployments can run several.
      pollMs: database.kind === 'postgres' ? 30_000 : undefined,
    }),
    bookings: createBookings({ db: database.db, clock }),
    ratePlans: createRatePlans({ db: database.db, clock }),
  };
}

function serverOptions(options: BuildAppOptions) {
  const { config } = options;
  return {
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
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Only the configured proxies' X-Forwarded-For is believed (config.ts, TRUST_PROXY).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
  };
}
