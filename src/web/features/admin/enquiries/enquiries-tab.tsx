import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  type AdminEnquiry,
  type AdminQuote,
  ENQUIRY_KIND_LABELS,
  type EnquiryStatus,
  type QuoteStatus,
} from '../../../../domain/api/enquiries.ts';
import { formatGbp, formatMediumDate } from '../../../../domain/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { type ToastInput, toastOutcome } from '../../../lib/toast.ts';
import { ReadCard } from '../shared/card.tsx';
import { formatMoment } from '../shared/format-moment.ts';
import { useDeclineEnquiry, useEnquiries, useWithdrawQuote } from './enquiries-api.ts';
import { QuoteDialog } from './quote-dialog.tsx';

const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  quoted: 'Quoted',
  booked: 'Booked',
  declined: 'Declined',
};
const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};
const BADGE: Record<EnquiryStatus | QuoteStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  quoted: 'bg-sky-100 text-sky-900',
  open: 'bg-sky-100 text-sky-900',
  booked: 'bg-emerald-100 text-emerald-900',
  paid: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-stone-200 text-stone-700',
  withdrawn: 'bg-stone-200 text-stone-700',
  expired: 'bg-stone-200 text-stone-700',
};

function Badge({ status, label }: { status: EnquiryStatus | QuoteStatus; label: string }) {
  return <span className={`rounded-full px-2 py-0.5 font-medium text-xs ${BADGE[status]}`}>{label}</span>;
}

const dates = (from: string | null, to: string | null) =>
  from
    ? to && to !== from
      ? `${formatMediumDate(from)} – ${formatMediumDate(to)}`
      : formatMediumDate(from)
    : 'No dates';

/** A small button that makes one change and says in a notification how it went. */
function ChangeButton<V>({
  change,
  value,
  done,
  children,
}: {
  change: UseMutationResult<unknown, Error, V>;
  value: V;
  done: ToastInput;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={change.isPending}
      onClick={() => toastOutcome(change.mutateAsync(value), done)}
    >
      {children}
    </Button>
  );
}

/** A quote in a sentence: what it offers, its price, until when, and its state. */
function QuoteRow({ quote }: { quote: AdminQuote }) {
  const withdraw = useWithdrawQuote();
  const what =
    quote.kind === 'day_hire'
      ? `Day hire ${formatMediumDate(quote.checkInDate)}, ${quote.dayHireHours ?? ''}`
      : `${formatMediumDate(quote.checkInDate)} – ${formatMediumDate(quote.checkOutDate)}`;
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <Badge status={quote.status} label={QUOTE_STATUS_LABELS[quote.status]} />
      <span>
        {what} · {formatGbp(Math.round(quote.totalPrice * 100))} · {quote.contactName} · open until{' '}
        {formatMoment(quote.expiresAt)}
        {quote.holdDates ? ' · dates held' : ''}
      </span>
      <a href={quote.quoteUrl} className="underline" target="_blank" rel="noreferrer">
        Guest's link
      </a>
      {quote.status === 'open' ? (
        <ChangeButton
          change={withdraw}
          value={quote.id}
          done={{
            title: 'Quote Withdrawn',
            description: 'Its link can no longer be paid, and any held dates are free again.',
          }}
        >
          Withdraw
        </ChangeButton>
      ) : null}
    </li>
  );
}

function EnquiryItem({ enquiry }: { enquiry: AdminEnquiry }) {
  const decline = useDeclineEnquiry();
  const headingId = `enquiry-${enquiry.id}`;
  return (
    <li className="rounded-lg border border-stone-200 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {enquiry.name} · {ENQUIRY_KIND_LABELS[enquiry.kind]}
        </h3>
        <Badge status={enquiry.status} label={ENQUIRY_STATUS_LABELS[enquiry.status]} />
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {dates(enquiry.dateFrom, enquiry.dateTo)} · {enquiry.people ?? '?'} people ·{' '}
        <a href={`mailto:${enquiry.email}`} className="underline">
          {enquiry.email}
        </a>
        {enquiry.phone ? ` · ${enquiry.phone}` : ''} · received {formatMoment(enquiry.createdAt)}
      </p>
      <p className="mt-2 whitespace-pre-line text-sm">{enquiry.message}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-stone-700">Thread ({enquiry.thread.length})</summary>
        <ol className="mt-2 space-y-1 border-stone-200 border-l pl-3">
          {enquiry.thread.map((event) => (
            <li key={`${event.at}-${event.kind}-${event.text}`}>
              <span className="text-stone-500">{formatMoment(event.at)}:</span> {event.text}
            </li>
          ))}
        </ol>
      </details>
      {enquiry.quotes.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Quotes">
          {enquiry.quotes.map((quote) => (
            <QuoteRow key={quote.id} quote={quote} />
          ))}
        </ul>
      ) : null}
      {enquiry.status === 'booked' || enquiry.status === 'declined' ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          <QuoteDialog enquiry={enquiry} label="Send a quote" />
          <ChangeButton
            change={decline}
            value={enquiry.id}
            done={{ title: 'Enquiry Declined', description: 'Reply to them by e-mail to say why.' }}
          >
            Decline
          </ChangeButton>
        </div>
      )}
    </li>
  );
}

/**
 * The admin's Enquiries tab (docs/decisions/028-enquiries-and-quotes.md): what visitors asked through the Contact
 * page, newest first, each with its thread and quotes; a quote answers one (or anyone, from scratch).
 */
export function EnquiriesTab() {
  const query = useEnquiries();
  return (
    <ReadCard
      headingId="enquiries-heading"
      title="Enquiries"
      intro="From the Contact page's form: answer each with a quote the guest accepts and pays online, or decline it."
      aside={<QuoteDialog label="New quote" />}
      query={query}
      what="the enquiries"
    >
      {(data) => (
        <>
          {data.enquiries.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">No enquiries yet.</p>
          ) : (
            <ul className="mt-4 space-y-4">
              {data.enquiries.map((enquiry) => (
                <EnquiryItem key={enquiry.id} enquiry={enquiry} />
              ))}
            </ul>
          )}
          {data.quotes.length > 0 ? (
            <>
              <h3 className="mt-6 font-semibold">Quotes sent without an enquiry</h3>
              <ul className="mt-2 space-y-2">
                {data.quotes.map((quote) => (
                  <QuoteRow key={quote.id} quote={quote} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </ReadCard>
  );
}
