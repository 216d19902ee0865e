import type { UniquePoint } from '../../../domain/site-content.ts';

/*
 * The owner's texts as the public pages print them, shared by the pages and the admin's preview (Texts tab), so
 * the preview is the page's own markup.
 */

/** Paragraphs of body text: 'The Tower Experience', 'About The Tower'. */
export function OwnerParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((paragraph, index) => (
    // The owner may write two identical paragraphs: the position is the key.
    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no id, and their order is the text's
    <p key={index} className="mt-4 text-lg text-stone-700 leading-relaxed">
      {paragraph}
    </p>
  ));
}

/** A feature's caption under its photo or clip. */
export function FeatureCaption({ title, text }: { title: string; text: string }) {
  return (
    <div className="p-5">
      <h3 className="font-semibold text-lg">{title}</h3>
      <p className="mt-2 text-stone-700">{text}</p>
    </div>
  );
}

/** The 'What Makes The Tower Unique' grid: numbered cards. */
export function UniquePointsGrid({ points }: { points: readonly UniquePoint[] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {points.map((point, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the grid's order is its numbering
        <li key={position} className="rounded-xl border border-stone-200 bg-white p-6">
          <span aria-hidden="true" className="font-serif text-2xl text-amber-700">
            {String(position + 1).padStart(2, '0')}
          </span>
          <h3 className="mt-2 font-semibold text-lg">{point.title}</h3>
          <p className="mt-2 text-stone-700">{point.text}</p>
        </li>
      ))}
    </ul>
  );
}
