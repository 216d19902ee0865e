import { useQuery } from '@tanstack/react-query';
import type { PaymentScheduleSetting } from '../../../domain/payment-schedule.ts';
import { readQuery } from '../../lib/api.ts';

/* The payment schedule as guests see it (decision 016), keyed ['payment-schedule', …] (lib/api.ts). */

/** The public setting: what the booking card uses to show what is charged today and what later. */
export const paymentScheduleQuery = () =>
  readQuery<PaymentScheduleSetting>(['payment-schedule', 'public'], '/api/payment-schedule', {
    staleTime: 0,
  });

export const usePaymentSchedule = () => useQuery(paymentScheduleQuery());
