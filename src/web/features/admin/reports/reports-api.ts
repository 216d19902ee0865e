import { useQuery } from '@tanstack/react-query';
import type { LevyReturnResponse, ReportResponse, TaxYearResponse } from '../../../../domain/api/reports.ts';
import { downloadFile, readQuery, saveFile } from '../../../lib/api.ts';

/** The figures of the nights `from` to `to` (both included), month by month, and the pace. */
export const reportQuery = (from: string, to: string) =>
  readQuery<ReportResponse>(
    ['admin', 'reports', { from, to }],
    `/api/admin/reports?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );

export const levyReturnQuery = (quarter: string) =>
  readQuery<LevyReturnResponse>(
    ['admin', 'reports', 'levy', { quarter }],
    `/api/admin/reports/levy?quarter=${encodeURIComponent(quarter)}`,
  );

export const taxYearQuery = (year: number) =>
  readQuery<TaxYearResponse>(
    ['admin', 'reports', 'tax-year', { year }],
    `/api/admin/reports/tax-year?year=${year}`,
  );

export const useReport = (from: string, to: string) => useQuery(reportQuery(from, to));
export const useLevyReturn = (quarter: string | null) =>
  useQuery({ ...levyReturnQuery(quarter ?? ''), enabled: quarter !== null });
export const useTaxYear = (year: number) => useQuery(taxYearQuery(year));

/** The council's CSV of a quarter's levy return, and the tax year's, as the server writes them. */
export const downloadLevyReturn = (quarter: string) =>
  downloadFile(`/api/admin/reports/levy.csv?quarter=${encodeURIComponent(quarter)}`);
export const downloadTaxYear = (year: number) => downloadFile(`/api/admin/reports/tax-year.csv?year=${year}`);

/** A table the page shows, handed to the browser as a CSV file named `name`. */
export const saveCsv = (name: string, csv: string) =>
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
