import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_GALLERY } from '../../domain/photos.ts';
import { quoteStay } from '../../domain/pricing.ts';
import { DEFAULT_SITE_CONTENT } from '../../domain/site-content.ts';
import { ACTIVITY_PATHS, SEO_LANDING_PATHS } from '../../domain/site-paths.ts';
import { mediaSrcSet } from '../lib/media.ts';
import { ACTIVITY_PAGES, GOLF_COURSES, galleryAlt, LANDING_PAGES } from './site.ts';

const { texts, prices, property } = DEFAULT_SITE_CONTENT;
const GALLERY = PLACEHOLDER_GALLERY;
const FEATURES = texts.features;
const UNIQUE_POINTS = texts.uniquePoints;

describe('the content module', () => {
  it('has 18 gallery photos with unique ids and an alt text each', () => {
    expect(GALLERY).toHaveLength(18);
    expect(new Set(GALLERY.map((photo) => photo.id)).size).toBe(18);
    for (const photo of GALLERY) expect(photo.alt.length).toBeGreaterThan(20);
  });

  it('has 6 features (at least one a video) and 8 unique points', () => {
    expect(FEATURES).toHaveLength(6);
    expect(FEATURES.some((feature) => feature.video)).toBe(true);
    expect(UNIQUE_POINTS).toHaveLength(8);
  });

  it('has the content of every landing and activity route, each hero photo in the gallery', () => {
    expect(Object.keys(LANDING_PAGES).sort()).toEqual([...SEO_LANDING_PATHS].sort());
    expect(Object.keys(ACTIVITY_PAGES).sort()).toEqual([...ACTIVITY_PATHS].sort());
    for (const page of [...Object.values(LANDING_PAGES), ...Object.values(ACTIVITY_PAGES)]) {
      expect(galleryAlt(GALLERY, page.photo)).not.toBe('');
      expect(page.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('has no placeholder: a fact the owner has not given is absent', () => {
    expect(JSON.stringify(DEFAULT_SITE_CONTENT)).not.toMatch(/placeholder/i);
    expect(property.licenceNumber).toBeUndefined();
    expect(property.epcRating).toBeUndefined();
    expect(property.address.street).toBeUndefined();
  });

  it('says up to 4 guests and never more', () => {
    expect(property.maxOccupancy).toBe(4);
    const allText = JSON.stringify([LANDING_PAGES, ACTIVITY_PAGES, UNIQUE_POINTS, FEATURES]);
    expect(allText).not.toMatch(/\b(5|6|five|six) (guests|people)\b/i);
  });

  it('keeps the facts of spec section 9: driving times, course and seasons', () => {
    expect(GOLF_COURSES.map((course) => course.minutes).sort()).toEqual([15, 18, 20, 25]);
    const trump = JSON.stringify(ACTIVITY_PAGES['/trump-golf-aberdeen']);
    expect(trump).toContain('par 72');
    expect(trump).toContain('7,428 yards');
    const deeside = JSON.stringify(ACTIVITY_PAGES['/royal-deeside-activities']);
    for (const fact of ['45 minutes', 'an hour', 'February to October', 'July to February', 'permits'])
      expect(deeside).toContain(fact);
  });

  it('prices its example weekend as the booking does: £550 + £100 cleaning + £28 service', () => {
    expect(prices.exampleWeekend).toEqual({
      accommodation: 550,
      cleaningFee: 100,
      serviceFee: 28,
      total: 678,
    });
    expect(quoteStay('2027-03-05', '2027-03-07')).toMatchObject(prices.exampleWeekend);
  });
});

describe('mediaSrcSet', () => {
  it('lists every width of the kind', () => {
    expect(mediaSrcSet('kitchen', 'feature', 'avif')).toBe(
      '/media/kitchen-480.avif 480w, /media/kitchen-800.avif 800w',
    );
  });
});
