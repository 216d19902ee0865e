import type { ReactNode } from 'react';
import { RateSummary } from './rate-summary.tsx';

/**
 * The dark band that sends a reader of a landing or activity page to book: a heading (`id` labels the section
 * around it), an optional sentence, the rates with their fees, and the page's own call to action.
 */
export function BookingBand({
  id,
  heading,
  text,
  action,
}: {
  id: string;
  heading: ReactNode;
  text?: string;
  action: ReactNode;
}) {
  return (
    <div className="grid gap-8 rounded-2xl bg-stone-900 p-8 text-white md:grid-cols-[2fr_1fr] md:items-center">
      <div>
        <h2 id={id} className="font-serif text-3xl">
          {heading}
        </h2>
        {text ? <p className="mt-3 text-stone-200">{text}</p> : null}
        <div className="mt-4">
          <RateSummary tone="dark" />
        </div>
      </div>
      {action}
    </div>
  );
}
