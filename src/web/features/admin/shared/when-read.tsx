import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A card's content once its read has answered; until then what it is waiting for, or why it failed. */
export function WhenRead<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is read, in the owner's words: 'the mail server'. */
  what: string;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  return (
    <p className="mt-3 text-sm" role="status">
      {query.isError ? `Could not read ${what}: ${query.error.message}` : `Loading ${what}…`}
    </p>
  );
}
