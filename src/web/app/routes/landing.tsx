import { Link, useLocation } from 'react-router';
import { BookingBand } from '../../components/content/booking-band.tsx';
import { ContentCards } from '../../components/content/content-cards.tsx';
import { PageHero } from '../../components/content/page-hero.tsx';
import { StructuredData, vacationRentalData } from '../../components/content/structured-data.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { LANDING_PAGES } from '../../content/site.ts';
import { bannerPhoto } from '../../features/gallery/shown-photos.ts';
import { metaByPath, normalisePath } from '../../lib/meta.ts';
import { useSiteContent } from '../../lib/site-content.ts';

const pageOf = (pathname: string) =>
  LANDING_PAGES[normalisePath(pathname)] ?? LANDING_PAGES['/aberdeen-holiday-rentals']!;

export const meta = metaByPath(pageOf);

/** One of the five SEO landing pages: a hero, the page's own text, the rates and a call to action to the home page. */
export default function Landing() {
  const pathname = normalisePath(useLocation().pathname);
  const page = pageOf(pathname);
  const content = useSiteContent();
  return (
    <>
      <StructuredData data={vacationRentalData(content, pathname, page.description)} />
      <PageHero photo={bannerPhoto(content.photos, page.photo)} heading={page.heading} intro={page.intro}>
        <Link to="/" className={buttonClass({ variant: 'accent', size: 'xl', className: 'mt-8' })}>
          {page.cta}
        </Link>
      </PageHero>

      <ContentCards id="why-heading" heading="Why stay at The Tower" cards={page.sections} columns={3} />

      <section aria-labelledby="highlights-heading" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="highlights-heading" className="font-serif text-3xl">
            At a glance
          </h2>
          <ul className="mt-8 grid gap-x-8 gap-y-4 sm:grid-cols-2">
            {content.texts.uniquePoints.map((point) => (
              <li key={point.title} className="flex gap-3">
                <span aria-hidden="true" className="mt-1 text-amber-700">
                  ◆
                </span>
                <span>
                  <strong className="font-semibold">{point.title}.</strong>{' '}
                  <span className="text-stone-700">{point.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="book-heading" className="mx-auto max-w-6xl px-4 py-16">
        <BookingBand
          id="book-heading"
          heading="Prices and booking"
          action={
            <Link
              to="/"
              className={buttonClass({
                variant: 'accent',
                size: 'xl',
                className: 'justify-self-start md:justify-self-end',
              })}
            >
              {page.cta}
            </Link>
          }
        />
      </section>
    </>
  );
}
