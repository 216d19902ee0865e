import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The page and the Book Now card's own build each run their own copy of these modules
 * (docs/decisions/035-the-book-now-card-on-preact.md); `vi.resetModules()` gives the second copy here.
 */
async function twoCopies<T>(path: string): Promise<[T, T]> {
  const page = (await import(/* @vite-ignore */ path)) as T;
  vi.resetModules();
  const card = (await import(/* @vite-ignore */ path)) as T;
  expect(card).not.toBe(page);
  return [page, card];
}

afterEach(() => {
  vi.useRealTimers();
});

describe('what the page and the card’s own build hold once', () => {
  it('a notification the card raises is the page’s notification area’s to show, and closes after 5 s', async () => {
    vi.useFakeTimers();
    const [page, card] = await twoCopies<typeof import('./toast.ts')>('./toast.ts');
    const heard = vi.fn();
    const stop = page.subscribeToasts(heard);
    card.toast({ title: 'Booking Error', variant: 'destructive' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(page.hasOpenToastFrom(performance.now() + 1)).toBe(true);
    vi.advanceTimersByTime(page.TOAST_DURATION_MS);
    expect(page.hasOpenToastFrom(performance.now() + 1)).toBe(false);
    stop();
  });

  it('the card moves through the navigation the page handed over, and by a full load once it is withdrawn', async () => {
    const [page, card] = await twoCopies<typeof import('../features/booking/card-root.tsx')>(
      '../features/booking/card-root.tsx',
    );
    const navigate = vi.fn();
    const withdraw = page.provideNavigation(navigate);
    card.navigateFromCard('/booking-success?bookingId=abc');
    expect(navigate).toHaveBeenCalledWith('/booking-success?bookingId=abc');
    withdraw();
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    card.navigateFromCard('/terms-and-conditions');
    expect(assign).toHaveBeenCalledWith('/terms-and-conditions');
    expect(navigate).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('the card’s query cache, which the page fills before the card is wanted, is one', async () => {
    const [page, card] = await twoCopies<typeof import('../features/booking/card-root.tsx')>(
      '../features/booking/card-root.tsx',
    );
    page.cardQueryClient().setQueryData(['rate-plan'], { weekdayPence: 1 });
    expect(card.cardQueryClient()).toBe(page.cardQueryClient());
    expect(card.cardQueryClient().getQueryData(['rate-plan'])).toEqual({ weekdayPence: 1 });
  });
});
