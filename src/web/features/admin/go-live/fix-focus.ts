import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * A checklist's "Fix in … tab" link opens its tab with the tab's form in view and the cursor in its first field,
 * so the owner types at once. The link says so in the navigation's state (never in the address, which stays the
 * tab's own); the tab's form may arrive after its data, so it is waited for (at most 10 s).
 */
export const FIX_STATE = { fixForm: true } as const;

const FIELD = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
].join(', ');

/** Scrolls to the first form in `root` and focuses its first field; false while there is none yet. */
function focusFirstField(root: HTMLElement): boolean {
  const form = root.querySelector('form');
  const field = form?.querySelector<HTMLElement>(FIELD);
  if (!form || !field) return false;
  form.scrollIntoView({ block: 'start' });
  field.focus({ preventScroll: true });
  return true;
}

/** After a fix link's navigation, focuses the first field of the open panel, `[data-tab="<tab>"]`. */
export function useFocusFormOnFix(tab: string): void {
  const location = useLocation();
  const fixing = (location.state as { fixForm?: boolean } | null)?.fixForm === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (its key), for the tab it opened
  useEffect(() => {
    if (!fixing) return;
    const root = document.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    if (!root || focusFirstField(root)) return;
    const observer = new MutationObserver(() => {
      if (focusFirstField(root)) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location.key, tab]);
}
