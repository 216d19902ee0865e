import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { registerAdminApi } from '../plugins/api.ts';
import { createReports, type Reports } from './reports.ts';
import { reportsRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The owner's reports: the routes', and the levy return's reminder job's (jobs/registry.ts). */
    reports: Reports;
  }
}

/** The owner's reports: figures, the visitor levy's return and the tax year (docs/decisions/027). */
export const reportsPlugin = fp(
  async (app: FastifyInstance, options: AppContext) => {
    const reports = createReports(options);
    app.decorate('reports', reports);
    await registerAdminApi(app, reportsRoutes, { reports });
  },
  { name: 'reports', fastify: '5.x' },
);
