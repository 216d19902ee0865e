import type { AdminBooking } from '../../../../domain/api/admin-bookings.ts';
import { formatGbp, formatShortDate } from '../../../../domain/format.ts';

/**
 * What the owner reads of a booking's money: paid, due, the next charge's date and the last outcome.
 * Lines in order; empty for owner blocks and bookings with nothing paid yet.
 * See docs/decisions/016-deposit-now-balance-later.md.
 */
export function paymentLines(b: AdminBooking): string[] {
  if (b.kind !== 'guest' || b.status === 'pending' || b.status === 'expired') return [];
  const totalPence = Math.round(b.totalPrice * 100);
  if (b.status === 'canceled') {
    return b.balanceStatus === 'canceled' ? ['Scheduled balance cancelled'] : [];
  }
  if (b.paidPence >= totalPence && b.paidPence > 0) return ['Paid in full'];
  const lines = [`Paid ${formatGbp(b.paidPence)}`];
  if (b.duePence > 0) lines.push(`Due ${formatGbp(b.duePence)}`);
  switch (b.balanceStatus) {
    case 'scheduled':
      if (b.balanceDueOn) lines.push(`Next charge ${formatShortDate(b.balanceDueOn)}`);
      break;
    case 'processing':
      lines.push('Charging the card now');
      break;
    case 'failed':
      lines.push(
        b.balanceFailureCode === 'authentication_required'
          ? 'Last charge: the bank asked for authentication; the guest has the payment link'
          : `Last charge declined${b.balanceLastError ? `: ${b.balanceLastError.replace(/\.$/, '')}` : ''}; the guest has the payment link`,
      );
      break;
    default:
      break;
  }
  return lines;
}

/** 'Charge balance now' and 'Send payment link': a standing booking with a balance owed and no charge in flight. */
export const canChargeBalance = (b: AdminBooking) =>
  b.kind === 'guest' && b.status === 'confirmed' && b.duePence > 0 && b.balanceStatus !== 'processing';
