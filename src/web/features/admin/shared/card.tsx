import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cardClass } from './styles.ts';
import { WhenRead } from './when-read.tsx';

export type AdminCardProps = {
  /** The heading's id: the card is a region named by its heading. */
  headingId: string;
  title: ReactNode;
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** Beside the heading: what belongs to the whole card (a date, the version, buttons). */
  aside?: ReactNode;
  /** More classes for the card (a narrower width). */
  className?: string;
  /** Without the card's frame, for a card inside another (its heading and region kept). */
  frame?: boolean;
  children?: ReactNode;
};

/** One card of the admin: a region named by its heading, a sentence under it, what it holds. */
export function AdminCard({
  headingId,
  title,
  intro,
  aside,
  className,
  frame = true,
  children,
}: AdminCardProps) {
  const classes = [frame ? cardClass : undefined, className].filter(Boolean).join(' ');
  const heading = (
    <h2 id={headingId} className="font-serif text-xl">
      {title}
    </h2>
  );
  return (
    <section className={classes} aria-labelledby={headingId}>
      {aside === undefined ? (
        heading
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      )}
      {intro === undefined ? null : <p className="mt-1 text-sm text-stone-600">{intro}</p>}
      {children}
    </section>
  );
}

/**
 * A card that shows one read (a setting, a list): its heading and sentence at once, what it holds once the read
 * has answered (`WhenRead`: until then what it is waiting for, or why it failed).
 */
export function ReadCard<T>({
  query,
  what,
  children,
  ...card
}: Omit<AdminCardProps, 'children'> & {
  query: UseQueryResult<T>;
  /** What is read, in the owner's words: 'the mail server'. */
  what: string;
  children(data: T): ReactNode;
}) {
  return (
    <AdminCard {...card}>
      <WhenRead query={query} what={what}>
        {children}
      </WhenRead>
    </AdminCard>
  );
}
