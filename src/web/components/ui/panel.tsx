import type { ReactNode } from 'react';

/**
 * The look of a panel of the guest's pages (a booking's summary, an offer, the payment, the calendar's settings):
 * a white card on the page. More classes (its place, its width) follow it.
 */
export const PANEL_CLASS = 'rounded-lg border border-stone-200 bg-white p-6 shadow-sm';

/**
 * A panel of the guest's pages named by its heading (a region screen readers list): the heading, then what it
 * holds. `className` places it; `headingClassName` adds to the heading's look (its space below).
 */
export function Panel({
  headingId,
  title,
  className,
  headingClassName,
  children,
}: {
  headingId: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className ? `${PANEL_CLASS} ${className}` : PANEL_CLASS}>
      <h2
        id={headingId}
        className={headingClassName ? `${headingClassName} font-serif text-2xl` : 'font-serif text-2xl'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
