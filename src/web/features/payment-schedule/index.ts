/*
 * What other features may use of the payment schedule (the one module they import from here, a rule biome.json
 * enforces): the booking card's read of the schedule, and its query key, which the owner's change makes stale.
 */
export { paymentScheduleQuery, usePaymentSchedule } from './payment-schedule-api.ts';
