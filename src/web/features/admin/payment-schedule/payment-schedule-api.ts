import { useQuery } from '@tanstack/react-query';
import type { PaymentScheduleSetting } from '../../../../domain/payment-schedule.ts';
import { apiRequest, readQuery } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { paymentScheduleQuery } from '../../payment-schedule/index.ts';
import { auditQuery } from '../shared/queries.ts';

/* The owner's payment schedule (decision 016), keyed ['admin', 'payment-schedule'] (lib/api.ts). */

export const adminPaymentScheduleQuery = () =>
  readQuery<PaymentScheduleSetting>(['admin', 'payment-schedule'], '/api/admin/payment-schedule');

export const useAdminPaymentSchedule = () => useQuery(adminPaymentScheduleQuery());

/** A new schedule applies to new bookings: the booking card's read of it is stale too. */
export const useSavePaymentSchedule = () =>
  useChange({
    mutationFn: (setting: PaymentScheduleSetting) =>
      apiRequest<PaymentScheduleSetting>('PUT', '/api/admin/payment-schedule', setting),
    stale: [adminPaymentScheduleQuery().queryKey, paymentScheduleQuery().queryKey, auditQuery().queryKey],
  });
