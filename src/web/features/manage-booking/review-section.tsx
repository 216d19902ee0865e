import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { GuestReviewSchema, type GuestReviewView } from '../../../domain/api/reviews.ts';
import { todayOnPropertyClock } from '../../../domain/dates.ts';
import { formatLongDate } from '../../../domain/format.ts';
import { Stars } from '../../components/content/reviews.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, LABEL_CLASS } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { PANEL_CLASS } from '../../components/ui/panel.tsx';
import { toastOutcome } from '../../lib/toast.ts';
import { guestReviewQuery, saveGuestReview } from './manage-booking-api.ts';

/** The thank-you e-mail's link ends in this: the page scrolls to the review once it is shown. */
export const REVIEW_SECTION_ID = 'review';

const day = (iso: string) => formatLongDate(todayOnPropertyClock(new Date(iso)));

type Props = { reference: string; bookingKey: string };

/**
 * The guest's review of their stay (docs/decisions/029-reviews.md): offered once the stay has ended, written once,
 * changed for 14 days, published 48 hours after it is written. Nothing shows before the stay ends.
 */
export function ReviewSection({ reference, bookingKey }: Props) {
  const review = useQuery(guestReviewQuery(reference, bookingKey));
  const section = useRef<HTMLElement>(null);
  const view = review.data;
  const shown = view !== undefined && (view.review !== null || view.refusal === null);

  // The page is drawn after its data arrives, so the browser's own jump to #review found nothing: do it now.
  useEffect(() => {
    if (shown && window.location.hash === `#${REVIEW_SECTION_ID}`) section.current?.scrollIntoView();
  }, [shown]);

  if (!shown) return null;
  return (
    <section
      ref={section}
      id={REVIEW_SECTION_ID}
      aria-labelledby="review-heading"
      className={`mt-6 scroll-mt-20 ${PANEL_CLASS}`}
    >
      <h2 id="review-heading" className="font-serif text-2xl">
        Review your stay
      </h2>
      <ReviewBody view={view} reference={reference} bookingKey={bookingKey} />
    </section>
  );
}

function ReviewBody({ view, reference, bookingKey }: Props & { view: GuestReviewView }) {
  const [editing, setEditing] = useState(view.review === null);
  const { review } = view;
  const editable = review !== null && new Date() < new Date(review.editableUntil);
  if (review === null || editing) {
    return (
      <ReviewForm
        view={view}
        reference={reference}
        bookingKey={bookingKey}
        onSaved={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="mt-3 space-y-2">
      <p role="status" className="text-stone-700">
        {review.withheld
          ? 'Thank you for your review. It was withheld for a reason our reviews page gives.'
          : review.published
            ? 'Thank you: your review is published on our reviews page.'
            : `Thank you: your review is published on ${day(review.publishAt)}.`}
      </p>
      <Stars rating={review.rating} />
      <p className="font-semibold">{review.title}</p>
      <p className="whitespace-pre-line text-stone-800">{review.text}</p>
      <p className="text-sm text-stone-600">{review.name}</p>
      {review.reply ? (
        <p className="border-amber-700 border-l-4 bg-stone-50 p-3 text-stone-800">
          <span className="font-semibold">The owners replied: </span>
          {review.reply}
        </p>
      ) : null}
      {editable ? (
        <>
          <p className="text-sm text-stone-600">You can change it until {day(review.editableUntil)}.</p>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Change your review
          </Button>
        </>
      ) : null}
    </div>
  );
}

function ReviewForm({
  view,
  reference,
  bookingKey,
  onSaved,
}: Props & { view: GuestReviewView; onSaved(): void }) {
  const first = view.review === null;
  const [rating, setRating] = useState(view.review?.rating ?? 0);
  const [title, setTitle] = useState(view.review?.title ?? '');
  const [text, setText] = useState(view.review?.text ?? '');
  const [name, setName] = useState(view.review?.name ?? view.defaultName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = GuestReviewSchema.safeParse({ rating, title, text, name });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            issue.path[0] === 'rating' ? 'Choose from 1 to 5 stars.' : issue.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    const sent = await toastOutcome(
      saveGuestReview(reference, bookingKey, parsed.data, first).then((saved) =>
        queryClient.setQueryData(guestReviewQuery(reference, bookingKey).queryKey, saved),
      ),
      { title: first ? 'Review sent' : 'Review changed', description: 'Thank you for your review.' },
    );
    if (sent) onSaved();
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 space-y-4">
      <p className="text-sm text-stone-700">
        Your review is published on our site 48 hours after you send it, whatever you write, with the name you
        choose. You can change it for 14 days.
      </p>
      <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className={LABEL_CLASS}>Your rating</legend>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="inline-flex items-center gap-1">
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
              />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" role="alert" className="mt-1 text-red-800 text-sm">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <Field label="Title" error={errors.title}>
        <Input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label="Your review" error={errors.text}>
        <Textarea rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <Field
        label="Name to show"
        hint="Your first name and initial unless you choose another."
        error={errors.name}
      >
        <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending...' : first ? 'Send review' : 'Save changes'}
      </Button>
    </form>
  );
}
