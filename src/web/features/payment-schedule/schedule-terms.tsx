import { usePaymentSchedule } from './payment-schedule-api.ts';

/**
 * The owner's current schedule in the terms' words. The terms page is pre-rendered and the owner may
 * change the schedule at any time, so the figures are read when the page runs; the general rule around them
 * stands without JavaScript.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */
export function CurrentScheduleTerms() {
  const schedule = usePaymentSchedule();
  if (!schedule.data) return null;
  const { mode, depositPercent, balanceDaysBefore } = schedule.data;
  return (
    <p data-testid="current-payment-schedule">
      {mode === 'full'
        ? 'At present every booking is paid in full when it is made.'
        : `At present a booking whose check-in is more than ${balanceDaysBefore} days away is paid as a deposit of ${depositPercent} % of the total when it is made, and the balance is charged ${balanceDaysBefore} days before check-in; a booking made closer to check-in is paid in full.`}
    </p>
  );
}
