import type { ReactNode } from 'react';

/** One section of the System tab (alerts, storage, backups): a region named by its heading. */
export function SystemSection({
  headingId,
  title,
  className,
  children,
}: {
  headingId: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="font-medium text-lg">
        {title}
      </h3>
      {children}
    </section>
  );
}
