import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { type DiskReader, watchedDirectories } from '../system/disks.ts';
import { type Alerts, createAlerts } from './alerts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's alerts: the registry's `alerts` job checks them, the System view lists the open ones. */
    alerts: Alerts;
  }
}

export type AlertsPluginOptions = Pick<AppContext, 'config' | 'db' | 'clock' | 'notifications'> & {
  /** Reads a directory's disk (tests fake a full one). */
  readDisk: DiskReader;
};

/** The alerts (docs/decisions/023-alerts.md): their check reads the registry's jobs, made after it. */
export const alertsPlugin = fp(
  async (app: FastifyInstance, { config, db, clock, notifications, readDisk }: AlertsPluginOptions) => {
    app.decorate(
      'alerts',
      createAlerts({
        db,
        clock,
        notifications,
        listJobs: () => app.jobs.list(),
        directories: watchedDirectories(config),
        readDisk,
        automaticSync: config.syncIntervalMinutes > 0,
        log: app.log,
      }),
    );
  },
  { name: 'alerts', fastify: '5.x' },
);
