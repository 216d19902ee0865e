import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReview, GuestReviewView } from '../../domain/api/reviews.ts';
import { bookingReference } from '../../domain/booking-reference.ts';
import type { PublicReviews } from '../../domain/reviews.ts';
import type { SiteContent } from '../../domain/site-content.ts';
import { insertPaidBooking } from '../admin-bookings/test-support.ts';
import type { BuildAppOptions } from '../app.ts';
import { auditLog, jobRuns, outbox, reviews, stays } from '../db/schema.ts';
import { MESSAGE_KINDS } from '../email/notifications.ts';
import { signedInTestApp } from '../test/per-file.ts';
import { expectOwnerOnly, expectRefusal } from '../test/refusal.ts';

/**
 * Reviews guests can trust (docs/decisions/029-reviews.md), through the HTTP API. A stand-in renderer writes the
 * site content it is given into each page as JSON, so "on the page" is what the pages were rendered with (React
 * Router's server build is exercised by the browser tests).
 */
const renderer: NonNullable<BuildAppOptions['pageRenderer']> = async (content, paths) => ({
  html: new Map(paths.map((path) => [path, `<!doctype html><pre>${JSON.stringify(content)}</pre>`])),
  data: new Map(),
});
/** A page as the build made it, until the content changes. */
const builtPage = {
  html: '<!doctype html><p>the build</p>',
  scriptHashes: [],
  encoded: { br: Buffer.alloc(0), gzip: Buffer.alloc(0) },
};

const t = signedInTestApp(
  {
    overrides: {
      site: {
        pages: new Map([
          ['/', builtPage],
          ['/reviews', builtPage],
        ]),
        data: new Map(),
        fallback: undefined,
        notFound: undefined,
        root: process.cwd(),
      },
      pageRenderer: renderer,
    },
  },
  { emptied: [reviews, jobRuns, outbox, stays] },
);

/** A paid stay of 18–21 November 2026: over on TEST_NOW (23 November). */
const endedStay = (overrides: Parameters<typeof insertPaidBooking>[1] | object = {}) =>
  insertPaidBooking(t.database.db, { checkIn: '2026-11-18', checkOut: '2026-11-21', ...overrides });

const reviewUrl = (stay: { id: string; manageKey: string }, key = stay.manageKey) =>
  `/api/manage/${bookingReference(stay.id)}/review?key=${encodeURIComponent(key)}`;
const REVIEW = { rating: 5, title: 'A night in a church', text: 'The sauna after a day on the links.' };
const writeReview = (stay: { id: string; manageKey: string }, review: object = REVIEW) =>
  t.app.inject({ method: 'POST', url: reviewUrl(stay), payload: review });
const changeReview = (stay: { id: string; manageKey: string }, review: object) =>
  t.app.inject({ method: 'PUT', url: reviewUrl(stay), payload: review });

/** The reviews the pages were last rendered with (after the render in flight, if any). */
async function reviewsOnThePage(path = '/reviews'): Promise<PublicReviews> {
  await t.app.siteContent.settled();
  const page = (await t.app.inject({ url: path })).body;
  const json = page.match(/<pre>(.*)<\/pre>/s)?.[1];
  if (!json) return { verified: { count: 0, average: null }, withheld: [], reviews: [] };
  return (JSON.parse(json) as SiteContent).reviews;
}

/** The publication job as its timer would run it at `iso`. */
async function publishAt(iso: string) {
  await t.setClock(iso);
  const run = await t.app.jobs.runIfDue('review-publication');
  if (!run.ran) throw new Error(`the review publication was not due at ${iso}`);
  return run.value;
}

describe('POST /api/manage/:reference/review', () => {
  it('refuses a review before check-out with a sentence, and takes it from the check-out day', async () => {
    const stay = await insertPaidBooking(t.database.db, { checkIn: '2026-11-22', checkOut: '2026-11-25' });
    const early = await writeReview(stay);
    expectRefusal(early, 409, {
      error: 'not_reviewable',
      message: 'You can review your stay once it has ended, from your check-out day.',
    });

    t.clock.set('2026-11-25T09:00:00Z');
    const onTheDay = await writeReview(stay);
    expect(onTheDay.statusCode, onTheDay.body).toBe(201);
  });

  it('refuses a review of a cancelled stay with a sentence', async () => {
    const stay = await endedStay({ status: 'canceled', canceledAt: new Date('2026-11-10T10:00:00Z') });
    const response = await writeReview(stay);
    expectRefusal(response, 409, {
      error: 'not_reviewable',
      message: 'A cancelled booking cannot be reviewed.',
    });
    expect(await t.database.db.select().from(reviews)).toHaveLength(0);
  });

  it('takes one review per stay: a second is refused with a sentence, and the first is changed instead', async () => {
    const stay = await endedStay();
    const first = await writeReview(stay);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<GuestReviewView>()).toMatchObject({
      refusal: expect.stringContaining('already reviewed'),
      review: { rating: 5, name: 'Ada G.', published: false, publishAt: '2026-11-25T10:00:00.000Z' },
    });

    const second = await writeReview(stay, { ...REVIEW, rating: 4 });
    expectRefusal(second, 409, {
      error: 'not_reviewable',
      message:
        'You have already reviewed this stay. You can change your review for 14 days after writing it.',
    });
    expect(await t.database.db.select().from(reviews)).toHaveLength(1);

    const changed = await changeReview(stay, { ...REVIEW, rating: 4, name: 'Ada from Leeds' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<GuestReviewView>().review).toMatchObject({ rating: 4, name: 'Ada from Leeds' });
  });

  it('takes one of two reviews sent at once, and refuses the other with a sentence (never a 500)', async () => {
    const stay = await endedStay();
    const answers = await Promise.all([writeReview(stay), writeReview(stay, { ...REVIEW, rating: 1 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe('not_reviewable');
    expect(await t.database.db.select().from(reviews)).toHaveLength(1);
  });

  it('lets the guest change the review for 14 days, then refuses with a sentence', async () => {
    const stay = await endedStay();
    await writeReview(stay);
    t.clock.set('2026-12-07T09:59:00Z');
    const inTime = await changeReview(stay, { ...REVIEW, rating: 3 });
    expect(inTime.statusCode, inTime.body).toBe(200);
    t.clock.set('2026-12-07T10:01:00Z');
    const late = await changeReview(stay, { ...REVIEW, rating: 2 });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(
      'Your review can no longer be changed: a review can be changed for 14 days after it is written.',
    );
  });

  it('answers a wrong key as no booking, and bad input with a sentence', async () => {
    const stay = await endedStay();
    const wrongKey = await t.app.inject({
      method: 'POST',
      url: reviewUrl(stay, 'not-the-key'),
      payload: REVIEW,
    });
    expect(wrongKey.statusCode).toBe(404);
    expect(wrongKey.json().error).toBe('booking_not_found');
    const noStars = await writeReview(stay, { ...REVIEW, rating: 6 });
    expect(noStars.statusCode).toBe(400);
    expect(noStars.json().message).toContain('rating must be a whole number from 1 to 5');
  });
});

describe('publication', () => {
  it('publishes every review 48 hours after it is written, low ratings like high ones, and renders the pages again', async () => {
    const happy = await endedStay();
    const unhappy = await endedStay({
      checkIn: '2026-11-14',
      checkOut: '2026-11-17',
      contactName: 'Bo Brown',
    });
    expect((await writeReview(happy)).statusCode).toBe(201);
    t.clock.set('2026-11-23T11:00:00Z');
    const low = { rating: 1, title: 'Too many stairs', text: 'Five floors and no lift.' };
    expect((await writeReview(unhappy, low)).statusCode).toBe(201);

    expect(await publishAt('2026-11-25T09:55:00Z')).toEqual([]);
    expect((await reviewsOnThePage()).reviews).toHaveLength(0);

    expect(await publishAt('2026-11-25T10:00:00Z')).toHaveLength(1);
    expect((await reviewsOnThePage()).reviews.map((r) => r.title)).toEqual(['A night in a church']);

    expect(await publishAt('2026-11-25T11:05:00Z')).toHaveLength(1);
    const shown = await reviewsOnThePage('/');
    // Newest first; the average and count are of verified reviews.
    expect(shown.reviews.map((r) => [r.title, r.rating, r.name, r.source])).toEqual([
      ['Too many stairs', 1, 'Bo B.', 'verified'],
      ['A night in a church', 5, 'Ada G.', 'verified'],
    ]);
    expect(shown.verified).toEqual({ count: 2, average: 3 });

    const view = await t.app.inject({ url: reviewUrl(unhappy) });
    expect(view.json<GuestReviewView>().review?.published).toBe(true);
  });

  it('shows the owner’s public reply beside the review', async () => {
    const stay = await endedStay();
    await writeReview(stay);
    await publishAt('2026-11-25T10:00:00Z');
    const [review] = (await t.asOwner('GET', '/api/admin/reviews')).json<AdminReview[]>();
    const reply = await t.asOwner('PUT', `/api/admin/reviews/${review!.id}/reply`, {
      reply: 'Thank you, Ada: come back for the spring.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await reviewsOnThePage()).reviews[0]!.reply).toEqual({
      text: 'Thank you, Ada: come back for the spring.',
      date: '2026-11-25',
    });
  });
});

describe('POST /api/admin/reviews/:id/withhold', () => {
  it('needs a reason from the list, is audited, and the page counts it', async () => {
    const stay = await endedStay();
    await writeReview(stay, { rating: 2, title: 'Call me', text: 'My number is 07700 900123.' });
    await publishAt('2026-11-25T10:00:00Z');
    const [review] = (await t.asOwner('GET', '/api/admin/reviews')).json<AdminReview[]>();
    const url = `/api/admin/reviews/${review!.id}/withhold`;

    const noReason = await t.asOwner('POST', url, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(
      'Choose the reason from the list: offensive, personal_data, not_about_stay, spam.',
    );
    const notOnTheList = await t.asOwner('POST', url, { reason: 'too negative' });
    expect(notOnTheList.statusCode).toBe(400);
    expect((await reviewsOnThePage()).reviews).toHaveLength(1);

    const withheld = await t.asOwner('POST', url, { reason: 'personal_data' });
    expect(withheld.statusCode, withheld.body).toBe(200);
    expect(withheld.json<AdminReview>().withheldReason).toBe('personal_data');

    const page = await reviewsOnThePage();
    expect(page.reviews).toHaveLength(0);
    expect(page.withheld).toEqual([{ reason: 'personal_data', count: 1 }]);
    expect(page.verified).toEqual({ count: 0, average: null });

    const [line] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'review.withheld'));
    expect(line).toMatchObject({
      actor: 'owner',
      details: { reviewId: review!.id, reason: 'personal_data' },
    });

    const again = await t.asOwner('POST', url, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This review is already withheld (personal data).');
  });

  it('answers 401 without the owner’s session', async () => {
    await expectOwnerOnly(t.app, {
      method: 'POST',
      url: '/api/admin/reviews/x/withhold',
      payload: { reason: 'spam' },
    });
  });
});

describe('POST /api/admin/reviews/imported', () => {
  it('shows a review from Airbnb with its source and date at once, outside the verified average', async () => {
    const stay = await endedStay();
    await writeReview(stay);
    await publishAt('2026-11-25T10:00:00Z');
    const added = await t.asOwner('POST', '/api/admin/reviews/imported', {
      source: 'airbnb',
      rating: 3,
      title: 'Lovely spot',
      text: 'Great views from the tower.',
      name: 'Carla',
      date: '2025-08-14',
    });
    expect(added.statusCode, added.body).toBe(201);
    const page = await reviewsOnThePage();
    expect(page.reviews.map((r) => [r.source, r.date, r.title])).toEqual([
      ['verified', '2026-11-23', 'A night in a church'],
      ['airbnb', '2025-08-14', 'Lovely spot'],
    ]);
    expect(page.verified).toEqual({ count: 1, average: 5 });

    const future = await t.asOwner('POST', '/api/admin/reviews/imported', {
      source: 'booking',
      rating: 4,
      title: 'Soon',
      text: 'Not yet written.',
      name: 'Dan',
      date: '2027-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The date of the review cannot be in the future.');
  });
});

describe("the guest's data", () => {
  it('exports the guest’s review with their stays, and erasing the guest erases it from the pages', async () => {
    const stay = await endedStay();
    await writeReview(stay);
    await publishAt('2026-11-25T10:00:00Z');
    expect((await reviewsOnThePage()).reviews).toHaveLength(1);

    const exported = await t.asOwner('GET', '/api/admin/guests/export?email=ada@example.test');
    expect(exported.json().reviews).toEqual([
      expect.objectContaining({ reference: bookingReference(stay.id), rating: 5, name: 'Ada G.' }),
    ]);

    const erased = await t.asOwner('POST', '/api/admin/guests/erase', { email: 'ada@example.test' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await reviewsOnThePage()).reviews).toHaveLength(0);
    expect(await t.database.db.select().from(reviews)).toHaveLength(0);
  });
});

describe('the thank-you e-mail', () => {
  it('asks for the review on the guest’s booking page first, and the owner’s outside link second', async () => {
    const saved = await t.asOwner('PUT', '/api/admin/guest-messages', {
      checkInInstructions: '',
      defaultAccessCode: '',
      reviewUrl: 'https://reviews.example.test/the-tower',
      showAddress: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stay = await insertPaidBooking(t.database.db, { checkIn: '2026-11-24', checkOut: '2026-11-27' });
    t.clock.set('2026-11-28T09:00:00Z');
    await t.app.jobs.runIfDue('guest-messages');
    const [thanks] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, MESSAGE_KINDS.guestThankYou));
    const ownLink = `http://localhost:3000/booking/${bookingReference(stay.id)}?key=${stay.manageKey}#review`;
    expect(thanks?.text).toContain(ownLink);
    expect(thanks?.html).toContain(ownLink.replace('&', '&amp;'));
    expect(thanks!.text.indexOf(ownLink)).toBeLessThan(
      thanks!.text.indexOf('https://reviews.example.test/the-tower'),
    );
  });
});
