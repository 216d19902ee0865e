import { BookNowSection } from '../../features/booking/book-now-section.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = () =>
  pageMeta({
    title: 'The Tower | Converted Church Penthouse in Aberdeen',
    description:
      'Book The Tower directly: a converted church penthouse over five floors in the centre of Aberdeen with three bedrooms, a private sauna, a roof terrace and a tower viewing room.',
    path: '/',
  });

export default function Home() {
  return (
    <>
      <section className="bg-stone-900 px-4 py-24 text-center text-white">
        <h1 className="font-serif text-4xl md:text-5xl">The Tower</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-200">
          A converted church penthouse over five floors in the heart of Aberdeen.
        </p>
        <a
          href="#booking"
          className="mt-8 inline-block rounded-md bg-amber-500 px-6 py-3 font-semibold text-stone-950"
        >
          Book Now
        </a>
      </section>
      <section id="booking" aria-labelledby="booking-heading" className="scroll-mt-16">
        <BookNowSection />
      </section>
    </>
  );
}
