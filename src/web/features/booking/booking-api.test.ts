import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { availabilityQuery, unavailableDatesQuery } from './booking-api.ts';

const fetchMock = vi.fn<typeof fetch>();
const stay = { propertyId: 1, checkInDate: '2026-07-10', checkOutDate: '2026-07-13' };

beforeEach(() => {
  fetchMock.mockImplementation(async (input) =>
    Response.json(
      String(input).startsWith('/api/availability')
        ? { available: true }
        : { unavailableDates: ['2026-07-20'], bookingsCount: 1, blockedDatesCount: 0 },
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const requestedUrls = () => fetchMock.mock.calls.map(([input]) => String(input));

/** Through the app's own query client, whose answers otherwise never go stale. */
describe('the booking query options', () => {
  it('asks GET /api/availability with the stay in the query string, as the server reads it', async () => {
    const answer = await createQueryClient().fetchQuery(availabilityQuery(stay));
    expect(answer).toEqual({ available: true });
    expect(requestedUrls()).toEqual([
      '/api/availability?propertyId=1&checkInDate=2026-07-10&checkOutDate=2026-07-13',
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('asks afresh every time the same nights are chosen, so a cached answer never says taken nights are free', async () => {
    const client = createQueryClient();
    await client.fetchQuery(availabilityQuery(stay));
    await client.fetchQuery(availabilityQuery({ ...stay }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the answers for different stays apart', () => {
    const other = availabilityQuery({ ...stay, checkOutDate: '2026-07-14' }).queryKey;
    expect(availabilityQuery(stay).queryKey).not.toEqual(other);
  });

  it('asks GET /api/unavailable-dates/{propertyId} for the taken nights', async () => {
    const answer = await createQueryClient().fetchQuery(unavailableDatesQuery(1));
    expect(answer.unavailableDates).toEqual(['2026-07-20']);
    expect(requestedUrls()).toEqual(['/api/unavailable-dates/1']);
  });
});
