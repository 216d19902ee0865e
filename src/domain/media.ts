/**
 * Responsive photo variants, shared by the build (scripts/build-images.ts: the drawn placeholders), the server
 * (src/server/photos: the owner's uploads) and the pages (their `srcset`), so the three cannot drift. Every photo
 * is made as AVIF and WebP in the widths of its kind, cropped to the kind's aspect ratio; a variant's address is
 * `<base>-<width>.<format>`, where `base` is the photo's address without them (`/media/kitchen`).
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

/** The image for social shares (Open Graph, Twitter cards). */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** A variant's address: variantUrl('/media/kitchen', 1024, 'avif') is /media/kitchen-1024.avif. */
export const variantUrl = (base: string, width: number, format: MediaFormat) => `${base}-${width}.${format}`;

export function mediaHeight(kind: MediaKind, width: number): number {
  const { width: w, height: h } = MEDIA_KINDS[kind];
  return Math.round((width * h) / w);
}

export function variantSrcSet(base: string, kind: MediaKind, format: MediaFormat): string {
  return MEDIA_KINDS[kind].widths.map((width) => `${variantUrl(base, width, format)} ${width}w`).join(', ');
}

/** The width the `<img>` falls back to and reserves its height from: the kind's middle width. */
export function middleWidth(kind: MediaKind): number {
  const widths = MEDIA_KINDS[kind].widths;
  return widths[Math.floor(widths.length / 2)]!;
}
