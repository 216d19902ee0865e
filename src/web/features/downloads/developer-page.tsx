import type { ReactNode } from 'react';

/** The frame of a developer helper page (spec section 2): its heading, a sentence, then its archive links. */
export function DeveloperPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-serif text-4xl">{title}</h1>
      <p className="mt-4 text-stone-700">{intro}</p>
      <div className="mt-8 space-y-4">{children}</div>
    </div>
  );
}
