/**
 * Responsive image variants: the build step (scripts/build-images.ts) writes every photo of the content module as
 * AVIF and WebP in these widths to `public/media/`, cropped to the kind's aspect ratio; components build their
 * `srcset` from the same table, so the two cannot drift.
 */
export type MediaKind = 'gallery' | 'feature';

export const MEDIA_KINDS: Record<MediaKind, { width: number; height: number; widths: readonly number[] }> = {
  /** Hero slideshow photos, 3:2. */
  gallery: { width: 1600, height: 1067, widths: [640, 1024, 1600] },
  /** Feature cards (photos and video posters), 4:3. */
  feature: { width: 800, height: 600, widths: [480, 800] },
};

export const MEDIA_FORMATS = ['avif', 'webp'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** Public URL of one variant: /media/kitchen-1024.avif */
export const mediaUrl = (id: string, width: number, format: MediaFormat) => `/media/${id}-${width}.${format}`;

export function mediaHeight(kind: MediaKind, width: number): number {
  const { width: w, height: h } = MEDIA_KINDS[kind];
  return Math.round((width * h) / w);
}

export function mediaSrcSet(id: string, kind: MediaKind, format: MediaFormat): string {
  return MEDIA_KINDS[kind].widths.map((width) => `${mediaUrl(id, width, format)} ${width}w`).join(', ');
}

/** The 1200×630 image for social shares (DEFAULT_SOCIAL_IMAGE in meta.ts), made from the first gallery photo. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
