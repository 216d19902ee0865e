import { Link, useLocation } from 'react-router';
import { BookingBand } from '../../components/content/booking-band.tsx';
import { ContentCards } from '../../components/content/content-cards.tsx';
import { PageHero } from '../../components/content/page-hero.tsx';
import { StructuredData, vacationRentalData } from '../../components/content/structured-data.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ACTIVITY_LINKS, ACTIVITY_PAGES } from '../../content/site.ts';
import { bannerPhoto } from '../../features/gallery/shown-photos.ts';
import { metaByPath, normalisePath } from '../../lib/meta.ts';
import { useSiteContent } from '../../lib/site-content.ts';

const pageOf = (pathname: string) =>
  ACTIVITY_PAGES[normalisePath(pathname)] ?? ACTIVITY_PAGES['/golf-stays-aberdeen']!;

export const meta = metaByPath(pageOf);

const bookNowClass = buttonClass({ variant: 'accent', size: 'lg' });

/** Golf stays, Trump golf and Royal Deeside: header with Book Now, hero, content cards and a call to action. */
export default function Activity() {
  const pathname = normalisePath(useLocation().pathname);
  const page = pageOf(pathname);
  const content = useSiteContent();
  const others = ACTIVITY_LINKS.filter((link) => link.to !== pathname);
  return (
    <>
      <StructuredData data={vacationRentalData(content, pathname, page.description)} />
      <div className="border-stone-200 border-b bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-sm text-stone-700">
            <Link to="/" className="underline-offset-2 hover:underline">
              The Tower
            </Link>{' '}
            <span aria-hidden="true">›</span> Activities <span aria-hidden="true">›</span>{' '}
            <span className="text-stone-900">{page.heading}</span>
          </p>
          <Link to="/#booking" className={bookNowClass}>
            Book Now
          </Link>
        </div>
      </div>

      <PageHero photo={bannerPhoto(content.photos, page.photo)} heading={page.heading} intro={page.intro} />

      <ContentCards id="cards-heading" heading="Plan your days" cards={page.cards} columns={2} />

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-16">
        <BookingBand
          id="cta-heading"
          heading={page.ctaHeading}
          text={page.ctaText}
          action={
            <Link to="/#booking" className={`${bookNowClass} justify-self-start md:justify-self-end`}>
              Check availability
            </Link>
          }
        />
        <nav aria-label="More activities" className="mt-10 text-stone-700">
          <h2 className="font-semibold">More to do from The Tower</h2>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {others.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="underline underline-offset-2">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/terms-and-conditions" className="underline underline-offset-2">
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="underline underline-offset-2">
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </section>
    </>
  );
}
