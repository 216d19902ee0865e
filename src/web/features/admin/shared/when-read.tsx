import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * What a read shows once it has answered; until then one line saying what it is waiting for, or, announced in
 * red, why it failed. Every admin read says so in these words (`what` names it: 'the bookings'), placed by
 * `className` (its space above, its size).
 */
export function WhenRead<T>({
  query,
  what,
  className = 'mt-3 text-sm',
  children,
}: {
  query: UseQueryResult<T>;
  /** What is read, in the owner's words: 'the mail server'. */
  what: string;
  className?: string;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  return query.isError ? (
    <p className={`${className} text-red-800`} role="alert">
      Could not load {what}: {query.error.message}
    </p>
  ) : (
    <p className={`${className} text-stone-600`} role="status">
      Loading {what}…
    </p>
  );
}
