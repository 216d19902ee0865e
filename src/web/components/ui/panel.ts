/**
 * The look of a panel of the guest's pages (a booking's summary, an offer, the payment, the calendar's settings):
 * a white card on the page. More classes (its place, its width) follow it.
 */
export const PANEL_CLASS = 'rounded-lg border border-stone-200 bg-white p-6 shadow-sm';
