/**
 * The key of the guest's own page (`/booking/{reference}`, docs/decisions/017-after-paying.md) for a stay this
 * browser tab is paying for, as the hold's answer gives it. Kept in this tab's sessionStorage (gone with the tab),
 * never in an address: the success page then opens the guest's page with the key in the history entry's state,
 * so it never reaches a link the guest shares, a server log or a Referer.
 */
const storageKey = (bookingId: string) => `tower.manageKey.${bookingId}`;

export function rememberManageKey(bookingId: string, key: string | null): void {
  if (!key) return;
  try {
    sessionStorage.setItem(storageKey(bookingId), key);
  } catch {
    // Storage refused (a private window's quota): the link in the confirmation e-mail still opens the page.
  }
}

export function recallManageKey(bookingId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(bookingId));
  } catch {
    return null;
  }
}

/** The history state the guest's page reads its key from when its address carries none. */
export type ManageKeyState = { manageKey: string };

export function manageKeyOf(state: unknown): string | null {
  const value = (state as Partial<ManageKeyState> | null)?.manageKey;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** An address of the guest's own API (`/api/manage/{reference}…`), which answers only with the key of their link. */
export const manageUrl = (reference: string, key: string, path = '') =>
  `/api/manage/${encodeURIComponent(reference)}${path}?key=${encodeURIComponent(key)}`;
