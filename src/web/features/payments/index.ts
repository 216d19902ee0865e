/*
 * What other features may use of payments (the one module they import from here, a rule biome.json enforces):
 * the booking card's payment panel (Stripe's code loads only when it is needed, see payment-panel.tsx), its
 * note of what is paid today and what later, and its note of the owner's damage deposit.
 */
export { DamageHoldNote } from './damage-hold-note.tsx';
export { useDamageHold } from './payment-api.ts';
export { PaymentPanel } from './payment-panel.tsx';
export { PaymentScheduleNote } from './payment-schedule-note.tsx';
