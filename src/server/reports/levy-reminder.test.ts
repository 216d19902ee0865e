import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGbp } from '../../domain/format.ts';
import { DEFAULT_BASE_RATES } from '../../domain/test-fixtures.ts';
import { outbox, stays } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import { payForStay } from '../test/paid-booking.ts';
import { adminToken, createTestApp, type TestApp } from '../test/test-app.ts';
import { ownerCalls } from './test-support.ts';

let t: TestApp;
let token: string;

const call = ownerCalls(
  () => t,
  () => token,
);
const reminders = () =>
  t.database.db.select().from(outbox).where(eq(outbox.kind, MESSAGE_KINDS.ownerLevyReturnDue));

beforeAll(async () => {
  // The levy's first quarter, with the owner's address for the reminder.
  t = await createTestApp({ now: '2027-04-02T10:00:00Z', env: { OWNER_EMAIL: 'owner@example.com' } });
  token = await adminToken(t.app);
  await call('PUT', '/api/admin/rate-plan/base', {
    ...DEFAULT_BASE_RATES,
    levy: { percent: 7, startDate: '2027-04-01' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the visitor levy reminder', () => {
  it('e-mails the owner the return once its quarter has closed, at 9 AM Aberdeen time, once', async () => {
    const { bookingId } = await payForStay(
      call,
      { checkInDate: '2027-05-10', checkOutDate: '2027-05-13' },
      { name: 'Ada Guest', email: 'ada@example.com' },
    );
    const [stay] = await t.database.db.select().from(stays).where(eq(stays.id, bookingId));
    expect(stay?.levyPence).toBeGreaterThan(0);

    // The last day of the quarter: the quarter before it closed before the levy began.
    t.clock.set('2027-06-30T10:00:00Z');
    expect(await t.app.jobs.runIfDue('levy-return-reminder')).toEqual({
      ran: true,
      value: { quarter: null, netDuePence: 0 },
    });
    expect(await reminders()).toHaveLength(0);

    // 1 July, 8 AM in Aberdeen (BST): not yet due; at 9 AM it runs and e-mails the closed quarter's return.
    t.clock.set('2027-07-01T07:00:00Z');
    expect(await t.app.jobs.runIfDue('levy-return-reminder')).toEqual({ ran: false });
    t.clock.set('2027-07-01T08:00:00Z');
    expect(await t.app.jobs.runIfDue('levy-return-reminder')).toEqual({
      ran: true,
      value: { quarter: '2027-Q2', netDuePence: stay?.levyPence },
    });
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'owner@example.com',
      subject: `Visitor levy return for 2027-Q2: ${formatGbp(stay?.levyPence ?? 0)} due`,
    });
    expect(sent[0]?.text).toContain('Liable stays: 1');

    // The next day's run finds it sent.
    t.clock.set('2027-07-02T08:00:00Z');
    expect((await t.app.jobs.runIfDue('levy-return-reminder')).ran).toBe(true);
    expect(await reminders()).toHaveLength(1);
  });
});
