import { useCallback, useEffect, useRef, useState } from 'react';
import { ResponsiveImage } from '../../components/media/responsive-image.tsx';
import type { ShownPhoto } from './shown-photos.ts';

/** Spec section 9: a new photo every 5 seconds. */
export const SLIDE_INTERVAL_MS = 5000;

type Props = { photos: readonly ShownPhoto[] };

/** The Previous or Next button: an arrow (its SVG path) with an accessible name. */
function StepButton({ label, arrow, onClick }: { label: string; arrow: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-white/15"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor">
        <path strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d={arrow} />
      </svg>
    </button>
  );
}

/**
 * The hero slideshow (spec sections 2 and 4). The pre-rendered page holds the main photo only (preloaded, high
 * priority). Once the page has loaded, the other photos load in the background; until every one has arrived only
 * the main photo shows. Then it advances every 5 s and wraps round; Previous or Next stops the autoplay, and the
 * Pause/Play button toggles it. Visitors who prefer reduced motion start paused.
 */
export function HeroSlideshow({ photos }: Props) {
  const total = photos.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [preloading, setPreloading] = useState(false);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const ready = preloading && loaded.size >= total;
  const slideRefs = useRef<(HTMLImageElement | null)[]>([]);

  const markLoaded = useCallback((slide: number) => {
    setLoaded((previous) => (previous.has(slide) ? previous : new Set(previous).add(slide)));
  }, []);

  // Start fetching the other photos once the page itself has finished loading (the first paint comes first).
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
    if (document.readyState === 'complete') {
      setPreloading(true);
      return;
    }
    const start = () => setPreloading(true);
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);

  // A photo may have finished before React attached its load handler (the main photo always has).
  useEffect(() => {
    if (!preloading) return;
    slideRefs.current.forEach((image, slide) => {
      if (image?.complete) markLoaded(slide);
    });
  }, [preloading, markLoaded]);

  // Re-armed after every change of photo, so each photo stays up for the full interval.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer on purpose
  useEffect(() => {
    if (!ready || !playing) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % total), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [ready, playing, index, total]);

  const step = (delta: number) => {
    setPlaying(false);
    setPreloading(true);
    setIndex((current) => (current + delta + total) % total);
  };

  return (
    <section
      className="absolute inset-0"
      aria-roledescription="carousel"
      aria-label="Photos of The Tower"
      data-ready={ready ? 'true' : 'false'}
    >
      {photos.map((photo, slide) => {
        if (slide !== 0 && !preloading) return null;
        const current = slide === index;
        return (
          <div
            key={photo.id}
            ref={(element) => {
              slideRefs.current[slide] = element?.querySelector('img') ?? null;
            }}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${
              current ? 'opacity-100' : 'opacity-0'
            }`}
            aria-hidden={current ? undefined : true}
          >
            <ResponsiveImage
              photo={photo}
              kind="gallery"
              sizes="100vw"
              priority={slide === 0}
              className="h-full w-full object-cover"
              onLoad={() => markLoaded(slide)}
            />
          </div>
        );
      })}
      <div className="absolute right-3 bottom-3 z-10 flex items-center gap-1 rounded-full bg-stone-950/75 p-1 text-white sm:right-6 sm:bottom-6">
        <StepButton label="Previous photo" arrow="M15 5l-7 7 7 7" onClick={() => step(-1)} />
        <p
          className="min-w-16 text-center font-medium text-sm tabular-nums"
          aria-live={playing ? 'off' : 'polite'}
          data-testid="slide-counter"
        >
          <span className="sr-only">Photo </span>
          {index + 1} / {total}
        </p>
        <button
          type="button"
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          className="flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 font-medium text-sm hover:bg-white/15"
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
            {playing ? <path d="M6 4h4v16H6zM14 4h4v16h-4z" /> : <path d="M7 4l13 8-13 8z" />}
          </svg>
          <span aria-hidden="true">{playing ? 'Pause' : 'Play'}</span>
        </button>
        <StepButton label="Next photo" arrow="M9 5l7 7-7 7" onClick={() => step(1)} />
      </div>
    </section>
  );
}
