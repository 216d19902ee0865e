import { useSyncExternalStore } from 'react';
import { sharedState } from './shared-state.ts';

/** The spec's notification rules (section 9): at most one visible, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
export type Toast = ToastInput & { id: number; open: boolean; createdAt: number };

/**
 * The notifications and their timers, one store for the page and the Book Now card's own build (the page's
 * notification area shows the card's): lib/shared-state.ts.
 */
const store = sharedState('toasts', () => ({
  toasts: [] as Toast[],
  nextId: 1,
  listeners: new Set<() => void>(),
  removalTimers: new Map<number, ReturnType<typeof setTimeout>>(),
  /**
   * Each open notification's 5 s, kept here rather than by the notification area's library, which stops
   * counting while a pointer rests over its region or the window loses focus: a message then stayed on a phone's
   * screen while the guest typed. The spec's 5 s hold whatever the guest does meanwhile.
   */
  closeTimers: new Map<number, ReturnType<typeof setTimeout>>(),
}));
const { listeners, removalTimers, closeTimers } = store;

function stopCloseTimer(id: number): void {
  clearTimeout(closeTimers.get(id));
  closeTimers.delete(id);
}

function emit(next: Toast[]): void {
  store.toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  stopCloseTimer(id);
  emit(store.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(store.toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a notification; a new one replaces the one on screen. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = store.nextId++;
  const listed = [{ ...input, id, open: true, createdAt: performance.now() }, ...store.toasts];
  // The ones pushed off the list are gone, and their timers with them.
  for (const dropped of listed.slice(TOAST_LIMIT)) stopCloseTimer(dropped.id);
  emit(listed.slice(0, TOAST_LIMIT));
  closeTimers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  return { id, dismiss: () => dismissToast(id) };
}

/** Calls `listener` after every change of the notifications. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const hasToasts = (): boolean => store.toasts.length > 0;

/** True while a notification raised before `time` (a `performance.now()` reading) is still on screen. */
export const hasOpenToastFrom = (time: number): boolean =>
  store.toasts.some((t) => t.open && t.createdAt < time);

const empty: Toast[] = [];
export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribeToasts,
    () => store.toasts,
    () => empty,
  );
}

/**
 * Waits for a request and says if it failed: a destructive notification titled `failed.title` ('Error' unless
 * given) with the request's message after `failed.prefix` ('Failed to block dates: '). Resolves to the answer,
 * or to undefined after a failure (which has been said).
 */
export async function toastIfFailed<T>(
  request: Promise<T>,
  failed: { title?: string; prefix?: string } = {},
): Promise<{ answer: T } | undefined> {
  try {
    return { answer: await request };
  } catch (error) {
    toast({
      title: failed.title ?? 'Error',
      description: `${failed.prefix ?? ''}${(error as Error).message}`,
      variant: 'destructive',
    });
    return undefined;
  }
}

/** Waits for a request and says how it went: `done` when it went through, else as `toastIfFailed`. */
export async function toastOutcome<T>(
  request: Promise<T>,
  done: ToastInput | ((answer: T) => ToastInput),
  failed: { title?: string; prefix?: string } = {},
): Promise<{ answer: T } | undefined> {
  const outcome = await toastIfFailed(request, failed);
  if (outcome) toast(typeof done === 'function' ? done(outcome.answer) : done);
  return outcome;
}
