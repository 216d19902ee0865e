import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROPERTY_FACTS,
  listingFacts,
  type PropertyFactsRecord,
  publicPropertyFacts,
} from './property-facts.ts';
import { PropertyFactsInputSchema } from './property-facts-schemas.ts';
import { DEFAULT_SITE_CONTENT } from './site-content.ts';
import { FILLED_PROPERTY_FACTS, FRESH_INSTALL_PUBLIC_PROPERTY } from './test-fixtures.ts';

const GIVEN: PropertyFactsRecord = FILLED_PROPERTY_FACTS;

describe('publicPropertyFacts', () => {
  it('is the site content’s default for a fresh install: only the occupancy and the fixed times', () => {
    expect(publicPropertyFacts(DEFAULT_PROPERTY_FACTS)).toEqual(DEFAULT_SITE_CONTENT.property);
    expect(DEFAULT_SITE_CONTENT.property).toEqual(FRESH_INSTALL_PUBLIC_PROPERTY);
  });

  it('carries the facts given, and no key at all for those not given', () => {
    const facts = publicPropertyFacts(GIVEN);
    expect(facts).toMatchObject({
      licenceNumber: 'AC-00123-F',
      epcRating: 'C',
      address: { street: '1 Kirk Court, Union Street', postcode: 'AB10 1AA' },
      social: { facebook: 'https://www.facebook.com/thetower' },
    });
    expect(Object.keys(facts.social)).toEqual(['facebook']);
    expect('enquiriesEmail' in facts).toBe(false);
  });

  it('leaves the street and postcode out when the owner gives them to booked guests only', () => {
    expect(publicPropertyFacts({ ...GIVEN, addressPublic: false }).address).toEqual({
      locality: 'Aberdeen',
      region: 'Scotland',
      country: 'GB',
    });
  });
});

describe('listingFacts', () => {
  it('joins the licence, occupancy and EPC given, in the scheme’s order', () => {
    expect(listingFacts(publicPropertyFacts(GIVEN))).toEqual([
      'Short-term let licence AC-00123-F',
      'Maximum occupancy 4 guests',
      'EPC rating C',
    ]);
    expect(listingFacts(DEFAULT_SITE_CONTENT.property)).toEqual(['Maximum occupancy 4 guests']);
  });
});

describe('PropertyFactsInputSchema', () => {
  const input = { ...GIVEN, social: { facebook: '', instagram: '', tiktok: '' } };

  it.each([
    ['ab101aa', 'AB10 1AA'],
    ['  ab10   1aa ', 'AB10 1AA'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['w1a0ax', 'W1A 0AX'],
  ])('writes the postcode %j as %j', (postcode, stored) => {
    expect(PropertyFactsInputSchema.parse({ ...input, postcode }).postcode).toBe(stored);
  });

  it('reads blanks as not given, the EPC band in capitals, hashtags with their # and without repeats', () => {
    const parsed = PropertyFactsInputSchema.parse({
      ...input,
      licenceNumber: '  ',
      epcRating: ' b ',
      maxOccupancy: '',
      hashtags: ['TheTower', '#TheTower', '#Aberdeen'],
    });
    expect(parsed).toMatchObject({
      licenceNumber: null,
      epcRating: 'B',
      maxOccupancy: null,
      social: { facebook: null, instagram: null, tiktok: null },
      hashtags: ['#TheTower', '#Aberdeen'],
    });
  });

  it.each([
    ['https://www.facebook.com/thetower', true],
    ['https://m.facebook.com/thetower', true],
    ['https://facebook.com.evil.example/thetower', false],
    ['https://notfacebook.com/thetower', false],
    ['http://www.facebook.com/thetower', false],
    ['https://www.facebook.com/', false],
    ['javascript:alert(1)', false],
  ])('accepts a profile on the network’s own site only, over https: %s (%s)', (link, accepted) => {
    const social = { ...input.social, facebook: link };
    expect(PropertyFactsInputSchema.safeParse({ ...input, social }).success).toBe(accepted);
  });
});
