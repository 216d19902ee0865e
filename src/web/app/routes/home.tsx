import type { ReactNode } from 'react';
import { Link, type MetaArgs } from 'react-router';
import { variantUrl } from '../../../domain/media.ts';
import type { PublicReviews } from '../../../domain/reviews.ts';
import { FeatureCaption, OwnerParagraphs, UniquePointsGrid } from '../../components/content/owner-texts.tsx';
import { RateSummary } from '../../components/content/rate-summary.tsx';
import { ReviewCard, ReviewsSummary, WithheldNote } from '../../components/content/reviews.tsx';
import { StructuredData, vacationRentalData } from '../../components/content/structured-data.tsx';
import { ResponsiveImage } from '../../components/media/responsive-image.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { HOME } from '../../content/site.ts';
import { BOOKING_SECTION_ID, BookNowSection } from '../../features/booking/book-now-section.tsx';
import { HeroSlideshow } from '../../features/gallery/hero-slideshow.tsx';
import { featurePhoto, slideshowPhotos } from '../../features/gallery/shown-photos.ts';
import { pageMeta } from '../../lib/meta.ts';
import { useSiteContent } from '../../lib/site-content.ts';

const DESCRIPTION =
  'Book The Tower directly: a converted church penthouse over five floors in the centre of Aberdeen with three bedrooms, a private sauna, a roof terrace and a tower viewing room. Up to 4 guests.';

export const meta = ({ matches }: MetaArgs) =>
  pageMeta({
    matches,
    title: 'The Tower | Converted Church Penthouse in Aberdeen',
    description: DESCRIPTION,
    path: '/',
    keywords:
      'The Tower Aberdeen, church conversion holiday let, Aberdeen penthouse, holiday rental Aberdeen, sauna, roof terrace',
  });

/** A section of the home page: its heading and content in the page's column, on a white band or not. */
function HomeSection({
  id,
  title,
  band = false,
  children,
}: {
  /** The heading's id: the section is a region named by its heading. */
  id: string;
  title: ReactNode;
  band?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="font-serif text-3xl sm:text-4xl">
      {title}
    </h2>
  );
  return band ? (
    <section aria-labelledby={id} className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        {heading}
        {children}
      </div>
    </section>
  ) : (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      {heading}
      {children}
    </section>
  );
}

export default function Home() {
  const content = useSiteContent();
  return (
    <>
      <StructuredData data={vacationRentalData(content, '/', DESCRIPTION)} />
      <section
        aria-labelledby="hero-heading"
        className="relative isolate flex h-[82svh] max-h-[820px] min-h-[560px] items-end overflow-hidden bg-stone-900"
      >
        <HeroSlideshow photos={slideshowPhotos(content.photos)} />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-gradient-to-t from-stone-950/90 via-stone-950/40 to-transparent"
        />
        <div className="pointer-events-none relative mx-auto w-full max-w-6xl px-4 pb-24 sm:pb-28">
          <h1 id="hero-heading" className="font-serif text-5xl text-white sm:text-6xl">
            {HOME.heroHeading}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-100">{HOME.heroText}</p>
          <div className="pointer-events-auto mt-6 flex flex-wrap items-center gap-4">
            <a href="#booking" className={buttonClass({ variant: 'accent', size: 'xl' })}>
              Book Now
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="experience-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="grid gap-10 md:grid-cols-[3fr_2fr] md:items-start">
          <div>
            <h2 id="experience-heading" className="font-serif text-3xl sm:text-4xl">
              {HOME.experienceHeading}
            </h2>
            <OwnerParagraphs paragraphs={content.texts.experienceText} />
          </div>
          <aside className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
            <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-4 py-2 font-semibold text-amber-900 text-sm">
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
                <path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z" />
              </svg>
              {HOME.renovationBadge}
            </p>
            <p className="mt-4 text-stone-700">{HOME.renovationText}</p>
            <div className="mt-6 border-stone-200 border-t pt-6">
              <RateSummary />
            </div>
          </aside>
        </div>
      </section>

      <HomeSection id="features-heading" title={HOME.featuresHeading} band>
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {content.texts.features.map((feature) => (
            <li key={feature.id} className="overflow-hidden rounded-xl border border-stone-200 bg-stone-50">
              <div className="relative aspect-[4/3] bg-stone-200">
                {feature.video ? (
                  <video
                    className="h-full w-full object-cover"
                    width={800}
                    height={600}
                    autoPlay
                    muted
                    loop
                    playsInline
                    preload="none"
                    poster={variantUrl(featurePhoto(content.photos, feature).base, 800, 'webp')}
                    aria-label={feature.alt}
                  >
                    <source src={`/video/${feature.id}.mp4`} type="video/mp4" />
                    <source src={`/video/${feature.id}.mov`} type="video/quicktime" />
                  </video>
                ) : (
                  <ResponsiveImage
                    photo={featurePhoto(content.photos, feature)}
                    kind="feature"
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                    className="h-full w-full object-cover"
                  />
                )}
              </div>
              <FeatureCaption title={feature.title} text={feature.text} />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="unique-heading" title={HOME.uniqueHeading}>
        <UniquePointsGrid points={content.texts.uniquePoints} />
      </HomeSection>

      <HomeReviews reviews={content.reviews} />

      <section id={BOOKING_SECTION_ID} aria-labelledby="booking-heading" className="scroll-mt-16">
        <BookNowSection />
      </section>
    </>
  );
}

/**
 * The newest reviews, the verified average and count and what was withheld (server HTML, no script of its own:
 * docs/decisions/029-reviews.md); nothing on a site with no review yet.
 */
function HomeReviews({ reviews }: { reviews: PublicReviews }) {
  if (reviews.reviews.length === 0 && reviews.withheld.length === 0) return null;
  return (
    <HomeSection id="reviews-heading" title="What Guests Say" band>
      <div className="mt-4 space-y-2">
        <ReviewsSummary reviews={reviews} />
        <WithheldNote reviews={reviews} />
      </div>
      <ul className="mt-8 grid gap-6 lg:grid-cols-3">
        {reviews.reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      <Link to="/reviews" className="mt-8 inline-block font-semibold underline underline-offset-2">
        Read every review
      </Link>
    </HomeSection>
  );
}
