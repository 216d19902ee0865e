import type { PaymentScheduleSetting } from '../../../../domain/payment-schedule.ts';
import { createSetting } from '../../../lib/mutation.ts';
import { paymentScheduleQuery } from '../../payment-schedule/index.ts';
import { auditQuery } from '../shared/queries.ts';

/* The owner's payment schedule (decision 016), keyed ['admin', 'payment-schedule'] (lib/api.ts). */

/** A new schedule applies to new bookings: the booking card's read of it is stale too. */
export const paymentSchedule = createSetting<PaymentScheduleSetting>(
  ['admin', 'payment-schedule'],
  '/api/admin/payment-schedule',
  () => [paymentScheduleQuery().queryKey, auditQuery().queryKey],
);
