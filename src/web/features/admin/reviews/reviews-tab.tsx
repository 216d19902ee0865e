import type { z } from 'zod';
import {
  type AdminReview,
  ImportedReviewSchema,
  ReplySchema,
  WithholdSchema,
} from '../../../../domain/api/reviews.ts';
import { todayOnPropertyClock } from '../../../../domain/dates.ts';
import { formatLongDate } from '../../../../domain/format.ts';
import {
  IMPORTED_REVIEW_SOURCES,
  REVIEW_SOURCE_LABELS,
  WITHHOLD_REASON_LABELS,
  WITHHOLD_REASONS,
} from '../../../../domain/reviews.ts';
import { Stars } from '../../../components/content/reviews.tsx';
import {
  Form,
  FormAlert,
  FormField,
  FormInput,
  FormSelect,
  FormSubmit,
  FormTextarea,
} from '../../../components/ui/form.tsx';
import { toastOutcome } from '../../../lib/toast.ts';
import { AdminCard, ReadCard } from '../shared/card.tsx';
import { formatMoment } from '../shared/format-moment.ts';
import { useAddImportedReview, useReplyToReview, useReviews, useWithholdReview } from './reviews-api.ts';

/**
 * The owner's reviews (docs/decisions/029-reviews.md): every review with its state, a public reply to each, and
 * withholding for a reason of the fixed list only (the reviews page counts them); and reviews copied from Airbnb
 * or Booking.com, shown with their source and date and never in the verified average.
 */
export function ReviewsTab() {
  return (
    <>
      <ReviewsCard />
      <ImportedReviewCard />
    </>
  );
}

function stateOf(review: AdminReview): string {
  if (review.withheldReason) return `Withheld (${WITHHOLD_REASON_LABELS[review.withheldReason]})`;
  if (review.publishedAt) return `Published ${formatMoment(review.publishedAt)}`;
  return review.publishAt ? `Published ${formatMoment(review.publishAt)}` : 'Waiting';
}

function ReviewsCard() {
  const reviews = useReviews();
  return (
    <ReadCard
      headingId="reviews-heading"
      title="Reviews"
      intro="Each guest's review is published 48 hours after it is written, whatever its rating. You can reply publicly at any time, and withhold a review only for one of the reasons listed; the reviews page says how many were withheld and why."
      query={reviews}
      what="the reviews"
    >
      {(list) =>
        list.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">No review yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {list.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        )
      }
    </ReadCard>
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  const reply = useReplyToReview();
  const withhold = useWithholdReview();
  const headingId = `admin-review-${review.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-md border border-stone-200 p-4">
      <Stars rating={review.rating} />
      <h3 id={headingId} className="mt-1 font-semibold">
        {review.title}
      </h3>
      <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{review.text}</p>
      <p className="mt-2 text-sm text-stone-600">
        {review.name} · {REVIEW_SOURCE_LABELS[review.source]}
        {review.bookingReference ? ` (${review.bookingReference})` : ''} ·{' '}
        {formatLongDate(todayOnPropertyClock(new Date(review.writtenAt)))} · {stateOf(review)}
      </p>
      <Form
        schema={ReplySchema}
        defaultValues={{ reply: review.reply ?? '' }}
        onSubmit={async (values: z.output<typeof ReplySchema>) =>
          toastOutcome(reply.mutateAsync({ id: review.id, reply: values.reply }), {
            title: 'Reply Saved',
            description: 'It shows beside the review once the review is published.',
          })
        }
        className="mt-3 space-y-2"
      >
        <FormField name="reply" label="Your public reply" hint="Leave empty to remove it.">
          <FormTextarea rows={2} />
        </FormField>
        <FormAlert />
        <FormSubmit variant="secondary">Save reply</FormSubmit>
      </Form>
      {review.withheldReason ? null : (
        <Form
          schema={WithholdSchema}
          defaultValues={{ reason: '' as never }}
          onSubmit={async (values: z.output<typeof WithholdSchema>) =>
            toastOutcome(withhold.mutateAsync({ id: review.id, reason: values.reason }), {
              title: 'Review Withheld',
              description: 'The reviews page counts it with its reason.',
            })
          }
          className="mt-3 flex flex-wrap items-end gap-2"
        >
          <FormField name="reason" label="Withhold because it is">
            <FormSelect
              placeholder="Choose a reason"
              options={WITHHOLD_REASONS}
              labels={WITHHOLD_REASON_LABELS}
            />
          </FormField>
          <FormSubmit variant="danger-outline">Withhold review</FormSubmit>
          <FormAlert className="w-full" />
        </Form>
      )}
    </article>
  );
}

const NEW_IMPORTED = {
  source: 'airbnb' as const,
  rating: 5,
  title: '',
  text: '',
  name: '',
  date: '',
};

function ImportedReviewCard() {
  const add = useAddImportedReview();
  return (
    <AdminCard
      headingId="imported-review-heading"
      title="Add a review from Airbnb or Booking.com"
      className="max-w-xl"
      intro="Copy a past review as it was written there, with its date. It shows at once, labelled with where it was written, and is not counted in the verified average."
    >
      <Form
        schema={ImportedReviewSchema}
        defaultValues={NEW_IMPORTED}
        onSubmit={async (values: z.output<typeof ImportedReviewSchema>, methods) => {
          await toastOutcome(add.mutateAsync(values), {
            title: 'Review Added',
            description: 'It is on the reviews page.',
          });
          methods.reset(NEW_IMPORTED);
        }}
        className="mt-4 space-y-3"
      >
        <div className="grid grid-cols-2 gap-3">
          <FormField name="source" label="Written on">
            <FormSelect options={IMPORTED_REVIEW_SOURCES} labels={REVIEW_SOURCE_LABELS} />
          </FormField>
          <FormField name="rating" label="Rating (stars)">
            <FormSelect registerOptions={{ valueAsNumber: true }} options={[5, 4, 3, 2, 1]} />
          </FormField>
        </div>
        <FormField name="title" label="Title">
          <FormInput />
        </FormField>
        <FormField name="text" label="Review">
          <FormTextarea rows={4} />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField name="name" label="Name shown there">
            <FormInput />
          </FormField>
          <FormField name="date" label="Date written">
            <FormInput type="date" />
          </FormField>
        </div>
        <FormAlert />
        <FormSubmit pendingLabel="Adding...">Add review</FormSubmit>
      </Form>
    </AdminCard>
  );
}
