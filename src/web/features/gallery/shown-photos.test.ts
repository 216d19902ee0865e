import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_GALLERY, type SitePhotos } from '../../../domain/photos.ts';
import { NO_SITE_PHOTOS } from '../../../domain/site-content.ts';
import {
  bannerPhoto,
  featurePhoto,
  largestPhotoPaths,
  placeholderAlt,
  slideshowPhotos,
  socialImagePath,
} from './shown-photos.ts';

const uploaded: SitePhotos = {
  gallery: [
    { id: 'a', alt: 'The kitchen', base: '/media/uploads/aaaa/gallery' },
    { id: 'b', alt: 'The sauna', base: '/media/uploads/bbbb/gallery' },
  ],
  features: { 'feature-sauna': { id: 'b', alt: 'The sauna', base: '/media/uploads/bbbb/feature' } },
  socialImage: '/media/uploads/bbbb/social.jpg',
};

describe('the photos a page shows', () => {
  it("are the build's drawn stand-ins, said to be photos to come, until the owner has uploaded any", () => {
    const slides = slideshowPhotos(NO_SITE_PHOTOS);
    expect(slides).toHaveLength(PLACEHOLDER_GALLERY.length);
    expect(slides[0]).toEqual({
      id: 'exterior',
      alt: placeholderAlt(PLACEHOLDER_GALLERY[0]!.alt),
      base: '/media/exterior',
      placeholder: true,
    });
    expect(slides[0]!.alt).toMatch(/^Photo to come: the Tower from the street/);
    expect(bannerPhoto(NO_SITE_PHOTOS, 'tower-view')).toMatchObject({
      base: '/media/tower-view',
      placeholder: true,
    });
    expect(featurePhoto(NO_SITE_PHOTOS, { id: 'feature-kitchen', alt: 'The kitchen' })).toEqual({
      id: 'feature-kitchen',
      alt: 'Photo to come: the kitchen',
      base: '/media/feature-kitchen',
      placeholder: true,
    });
    expect(socialImagePath(NO_SITE_PHOTOS)).toBe('/social/the-tower-1200x630.jpg');
  });

  it("are the owner's uploads in their order once there are any, and none of the stand-ins", () => {
    expect(slideshowPhotos(uploaded)).toEqual([
      { ...uploaded.gallery[0], placeholder: false },
      { ...uploaded.gallery[1], placeholder: false },
    ]);
    expect(bannerPhoto(uploaded, 'tower-view')).toMatchObject({ id: 'a', placeholder: false });
    expect(featurePhoto(uploaded, { id: 'feature-sauna', alt: 'x' })).toMatchObject({
      base: '/media/uploads/bbbb/feature',
      placeholder: false,
    });
    expect(largestPhotoPaths(uploaded)).toEqual([
      '/media/uploads/aaaa/gallery-1600.webp',
      '/media/uploads/bbbb/gallery-1600.webp',
    ]);
    expect(socialImagePath(uploaded)).toBe('/media/uploads/bbbb/social.jpg');
  });
});
