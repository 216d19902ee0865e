import type { ReactNode } from 'react';

/** A guest's page whose content is on its way: one line, announced, centred where the page will stand. */
export function PageLoading({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-3xl items-center justify-center px-4" role="status">
      <span className="text-stone-600">{children}</span>
    </div>
  );
}
