import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LevyReturnQuerySchema,
  LevyReturnResponseSchema,
  ReportQuerySchema,
  ReportResponseSchema,
  TaxYearQuerySchema,
  TaxYearResponseSchema,
} from '../../domain/api/reports.ts';
import { parseQuarter, type Quarter } from '../../domain/levy-return.ts';
import { levyReturnCsv, type Reports, taxYearCsv } from './reports.ts';

/**
 * The owner's reports (admin scope: 401 without the admin session): the figures of a range, the visitor levy's
 * quarterly return and the tax year, each as JSON and (`.csv`, as the bookings' export) the CSV the council or an
 * accountant reads. See docs/decisions/027-reports-and-the-levy-return.md.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: Reports }> = async (app, { reports }) => {
  const csv = (filename: string, body: string) => ({
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
    body,
  });
  // The schema has checked the quarter's pattern, so it reads.
  const quarterOf = (text: string) => parseQuarter(text) as Quarter;

  app.get(
    '/admin/reports',
    { schema: { querystring: ReportQuerySchema, response: { 200: ReportResponseSchema } } },
    (request) => reports.figures(request.query.from, request.query.to),
  );

  app.get(
    '/admin/reports/levy',
    { schema: { querystring: LevyReturnQuerySchema, response: { 200: LevyReturnResponseSchema } } },
    (request) => reports.levyReturn(quarterOf(request.query.quarter)),
  );

  app.get(
    '/admin/reports/levy.csv',
    { schema: { querystring: LevyReturnQuerySchema } },
    async (request, reply) => {
      const result = await reports.levyReturn(quarterOf(request.query.quarter));
      const file = csv(`visitor-levy-${result.quarter}.csv`, levyReturnCsv(result));
      return reply.headers(file.headers).send(file.body);
    },
  );

  app.get(
    '/admin/reports/tax-year',
    { schema: { querystring: TaxYearQuerySchema, response: { 200: TaxYearResponseSchema } } },
    (request) => reports.taxYear(request.query.year),
  );

  app.get(
    '/admin/reports/tax-year.csv',
    { schema: { querystring: TaxYearQuerySchema } },
    async (request, reply) => {
      const summary = await reports.taxYear(request.query.year);
      const file = csv(`tax-year-${summary.from}-to-${summary.to}.csv`, taxYearCsv(summary));
      return reply.headers(file.headers).send(file.body);
    },
  );
};
