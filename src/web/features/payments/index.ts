/*
 * What other features may use of payments (the one module they import from here, a rule biome.json enforces):
 * the booking card's payment panel (Stripe's code loads only when it is needed, see payment-panel.tsx) and its
 * note of what is paid today and what later.
 */
export { PaymentPanel } from './payment-panel.tsx';
export { PaymentScheduleNote } from './payment-schedule-note.tsx';
