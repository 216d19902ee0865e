import { variantUrl } from '../../../domain/media.ts';
import { PLACEHOLDER_GALLERY, type SitePhotos } from '../../../domain/photos.ts';
import type { Feature } from '../../../domain/site-content.ts';
import { buildMediaBase } from '../../lib/media.ts';
import { DEFAULT_SOCIAL_IMAGE } from '../../lib/meta.ts';

/**
 * The photos a page shows: the owner's uploads (the site content's `photos`) or, on a fresh install with none,
 * the build's drawn stand-ins (scripts/build-images.ts), which are framed and labelled 'Photo to come'.
 */
export type ShownPhoto = {
  /** Stable across renders: the photo's id. */
  id: string;
  alt: string;
  /** Its variants' address without `-<width>.<format>`. */
  base: string;
  /** A drawn stand-in, not a photo. */
  placeholder: boolean;
};

/** A drawn stand-in's alt text says what it stands for: 'Photo to come: the Tower from the street…'. */
export const placeholderAlt = (alt: string) => `Photo to come: ${alt.charAt(0).toLowerCase()}${alt.slice(1)}`;

function drawn(id: string, alt: string): ShownPhoto {
  return { id, alt: placeholderAlt(alt), base: buildMediaBase(id), placeholder: true };
}

/** The slideshow, in order; the first is the hero. */
export function slideshowPhotos(photos: SitePhotos): ShownPhoto[] {
  if (photos.gallery.length > 0) return photos.gallery.map((photo) => ({ ...photo, placeholder: false }));
  return PLACEHOLDER_GALLERY.map((photo) => drawn(photo.id, photo.alt));
}

/** A feature card's 4:3 photo (or a video's poster): the one the owner chose for it, or its drawn stand-in. */
export function featurePhoto(photos: SitePhotos, feature: Pick<Feature, 'id' | 'alt'>): ShownPhoto {
  const chosen = photos.features[feature.id];
  if (chosen) return { ...chosen, placeholder: false };
  return drawn(feature.id, feature.alt);
}

/**
 * The banner photo of a landing or activity page: the slideshow photo it names while the drawn set shows;
 * with the owner's photos, the hero.
 */
export function bannerPhoto(photos: SitePhotos, galleryId: string): ShownPhoto {
  const hero = photos.gallery[0];
  if (hero) return { ...hero, placeholder: false };
  const photo = PLACEHOLDER_GALLERY.find((one) => one.id === galleryId) ?? PLACEHOLDER_GALLERY[0]!;
  return drawn(photo.id, photo.alt);
}

/** The slideshow's largest WebP files, for search engines' structured data (paths). */
export const largestPhotoPaths = (photos: SitePhotos): string[] =>
  slideshowPhotos(photos).map((photo) => variantUrl(photo.base, 1600, 'webp'));

/** The 1200×630 image shown when a page is shared: the owner's choice (or hero), else the build's. */
export const socialImagePath = (photos: SitePhotos): string => photos.socialImage ?? DEFAULT_SOCIAL_IMAGE;
