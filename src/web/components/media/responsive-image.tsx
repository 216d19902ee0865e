import { preload } from 'react-dom';
import {
  type MediaKind,
  mediaHeight,
  middleWidth,
  variantSrcSet,
  variantUrl,
} from '../../../domain/media.ts';

/** A photo to draw: its alt text, its variants' address without `-<width>.<format>`, and whether it is a stand-in. */
export type ImageSource = { alt: string; base: string; placeholder?: boolean };

type Props = {
  photo: ImageSource;
  kind: MediaKind;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /**
   * Above the fold (the page's largest paint): preloaded from the document's head with high priority, in the
   * AVIF variant the `<picture>` will choose; everything else is lazy.
   */
  priority?: boolean;
  className?: string;
  onLoad?: () => void;
};

/**
 * A photo in AVIF or WebP at the width the screen needs, with its size reserved. A drawn stand-in (a fresh
 * install without the owner's photos) is framed and labelled 'Photo to come', so it never passes for a photo,
 * nor for a broken one; its parent must be positioned.
 */
export function ResponsiveImage({ photo, kind, sizes, priority = false, className, onLoad }: Props) {
  const middle = middleWidth(kind);
  const avif = variantSrcSet(photo.base, kind, 'avif');
  // React writes this preload into the pre-rendered head, before the stylesheet and the script preloads.
  if (priority) {
    preload(variantUrl(photo.base, middle, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <>
      <picture>
        <source type="image/avif" srcSet={avif} sizes={sizes} />
        <source type="image/webp" srcSet={variantSrcSet(photo.base, kind, 'webp')} sizes={sizes} />
        <img
          src={variantUrl(photo.base, middle, 'webp')}
          alt={photo.alt}
          width={middle}
          height={mediaHeight(kind, middle)}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
          className={className}
          onLoad={onLoad}
          onError={onLoad}
        />
      </picture>
      {photo.placeholder ? <PhotoToCome /> : null}
    </>
  );
}

/** The frame and label over a drawn stand-in. */
function PhotoToCome() {
  return (
    <span
      aria-hidden="true"
      data-testid="photo-to-come"
      className="pointer-events-none absolute inset-3 flex items-start justify-end rounded-md border border-white/60 p-3 sm:inset-4"
    >
      <span className="rounded-full bg-stone-50/90 px-3 py-1 font-medium text-stone-700 text-xs uppercase tracking-wider">
        Photo to come
      </span>
    </span>
  );
}
