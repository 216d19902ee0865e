import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button.tsx';

export type LegalSection = { id: string; heading: string; body: ReactNode };

/** Terms and privacy: a heading, a date line, a table of contents, numbered sections and a Back to Home link. */
export function LegalPage({
  heading,
  dateLine,
  intro,
  sections,
}: {
  heading: string;
  dateLine: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <Link to="/" className="font-medium text-amber-800 underline underline-offset-2">
        ← Back to Home
      </Link>
      <h1 className="mt-6 font-serif text-4xl sm:text-5xl">{heading}</h1>
      <p className="mt-3 text-stone-600">{dateLine}</p>
      <div className="mt-6 text-lg text-stone-700 leading-relaxed">{intro}</div>
      <nav aria-label="Sections" className="mt-8 rounded-xl border border-stone-200 bg-white p-6">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6 text-stone-800">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="underline-offset-2 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, position) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12">
          <h2 id={`${section.id}-heading`} className="scroll-mt-20 font-serif text-2xl">
            {position + 1}. {section.heading}
          </h2>
          <div className="legal-body mt-4 space-y-4 text-stone-800 leading-relaxed">{section.body}</div>
        </section>
      ))}
      <Link to="/" className={buttonClass({ size: 'lg', className: 'mt-16 py-3' })}>
        Back to Home
      </Link>
    </article>
  );
}
