import type { ReactNode } from 'react';
import { type ImageSource, ResponsiveImage } from '../media/responsive-image.tsx';

type Props = { photo: ImageSource; heading: string; intro: string; children?: ReactNode };

/** The photo banner at the top of the landing and activity pages, with the page's main heading. */
export function PageHero({ photo, heading, intro, children }: Props) {
  return (
    <section className="relative isolate overflow-hidden bg-stone-900" aria-labelledby="page-heading">
      <div className="absolute inset-0 -z-10">
        <ResponsiveImage
          photo={photo}
          kind="gallery"
          sizes="100vw"
          priority
          className="h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-stone-950/90 via-stone-950/60 to-stone-950/30" />
      </div>
      <div className="mx-auto max-w-6xl px-4 pt-24 pb-16 sm:pt-32 sm:pb-20">
        <h1 id="page-heading" className="max-w-3xl font-serif text-4xl text-white sm:text-5xl">
          {heading}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-stone-100">{intro}</p>
        {children}
      </div>
    </section>
  );
}
