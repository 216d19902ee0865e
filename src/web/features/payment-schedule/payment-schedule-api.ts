import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentScheduleSetting } from '../../../domain/payment-schedule.ts';
import { apiRequest } from '../../lib/api.ts';

/* The owner's payment schedule (decision 016), keyed ['payment-schedule', …] (the scheme in lib/api.ts). */

/** The public setting: what the booking card uses to show what is charged today and what later. */
export const paymentScheduleQuery = () =>
  queryOptions({
    queryKey: ['payment-schedule', 'public'],
    queryFn: () => apiRequest<PaymentScheduleSetting>('GET', '/api/payment-schedule'),
    staleTime: 0,
  });

export const adminPaymentScheduleQuery = () =>
  queryOptions({
    queryKey: ['admin', 'payment-schedule'],
    queryFn: () => apiRequest<PaymentScheduleSetting>('GET', '/api/admin/payment-schedule'),
  });

export const usePaymentSchedule = () => useQuery(paymentScheduleQuery());
export const useAdminPaymentSchedule = () => useQuery(adminPaymentScheduleQuery());

export function useSavePaymentSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: PaymentScheduleSetting) =>
      apiRequest<PaymentScheduleSetting>('PUT', '/api/admin/payment-schedule', setting),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPaymentScheduleQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentScheduleQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
