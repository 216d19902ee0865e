import { preload } from 'react-dom';
import { MEDIA_KINDS, type MediaKind, mediaHeight, mediaSrcSet, mediaUrl } from '../../lib/media.ts';

type Props = {
  id: string;
  kind: MediaKind;
  alt: string;
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

/** A photo of the content module in AVIF or WebP at the width the screen needs, with its size reserved. */
export function ResponsiveImage({ id, kind, alt, sizes, priority = false, className, onLoad }: Props) {
  const widths = MEDIA_KINDS[kind].widths;
  const middle = widths[Math.floor(widths.length / 2)]!;
  // React writes this preload into the pre-rendered head, before the stylesheet and the script preloads.
  if (priority) {
    preload(mediaUrl(id, middle, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: mediaSrcSet(id, kind, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={mediaSrcSet(id, kind, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={mediaSrcSet(id, kind, 'webp')} sizes={sizes} />
      <img
        src={mediaUrl(id, middle, 'webp')}
        alt={alt}
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
  );
}
