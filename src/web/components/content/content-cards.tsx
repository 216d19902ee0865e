import type { PageSection } from '../../content/site.ts';

type Props = {
  /** The id of the section's heading (the section is labelled by it). */
  id: string;
  heading: string;
  cards: readonly PageSection[];
  /** Cards a row from the medium breakpoint on. */
  columns: 2 | 3;
};

const COLUMNS = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-3' } as const;

/** A headed section of text cards in a grid, as on the landing and activity pages. */
export function ContentCards({ id, heading, cards, columns }: Props) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16">
      <h2 id={id} className="font-serif text-3xl">
        {heading}
      </h2>
      <div className={`mt-8 grid gap-6 ${COLUMNS[columns]}`}>
        {cards.map((card) => (
          <div key={card.heading} className="rounded-xl border border-stone-200 bg-white p-6">
            <h3 className="font-semibold text-xl">{card.heading}</h3>
            <p className="mt-3 text-stone-700 leading-relaxed">{card.text}</p>
            {card.items ? (
              <ul className="mt-3 divide-y divide-stone-200 border-stone-200 border-y text-stone-800">
                {card.items.map((item) => (
                  <li key={item} className="py-2">
                    {item}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}
