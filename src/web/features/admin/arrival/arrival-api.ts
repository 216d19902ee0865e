import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ArrivalSettings,
  GuestRegisterSchema,
  HouseAgreement,
  HouseAgreementListSchema,
} from '../../../../domain/api/arrival.ts';
import { apiRequest, downloadFile, readQuery } from '../../../lib/api.ts';
import { createSetting, useChange } from '../../../lib/mutation.ts';
import { auditQuery, bookingsQuery } from '../shared/queries.ts';

/* The Arrival tab's reads and writes, keyed ['admin', resource] (the scheme in lib/api.ts). */

/** Readiness of every stay changes with the settings: the bookings list reads again. */
export const arrivalSettings = createSetting<ArrivalSettings>(
  ['admin', 'arrival-settings'],
  '/api/admin/arrival-settings',
  () => [bookingsQuery().queryKey, auditQuery().queryKey],
);
export const houseAgreementQuery = () =>
  readQuery<z.infer<typeof HouseAgreementListSchema>>(
    ['admin', 'house-agreement'],
    '/api/admin/house-agreement',
  );

const registerUrl = (from: string, to: string, format: 'json' | 'csv') =>
  `/api/admin/guest-register?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=${format}`;
export const guestRegisterQuery = (from: string, to: string) =>
  readQuery<z.infer<typeof GuestRegisterSchema>>(
    ['admin', 'guest-register', { from, to }],
    registerUrl(from, to, 'json'),
  );

export const useHouseAgreement = () => useQuery(houseAgreementQuery());

export const useSaveHouseAgreement = () =>
  useChange({
    mutationFn: (text: string) => apiRequest<HouseAgreement>('PUT', '/api/admin/house-agreement', { text }),
    stale: [houseAgreementQuery().queryKey, bookingsQuery().queryKey, auditQuery().queryKey],
  });

/** The register as a CSV file, fetched with the owner's token and handed to the browser. */
export const downloadRegisterCsv = (from: string, to: string) =>
  downloadFile(registerUrl(from, to, 'csv'), `guest-register-${from}-to-${to}.csv`);
