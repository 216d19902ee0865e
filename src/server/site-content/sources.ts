import { publicOwnerTexts } from '../../domain/owner-texts.ts';
import { publicPropertyFacts } from '../../domain/property-facts.ts';
import { publicPricesFromPlan } from '../../domain/site-content.ts';
import { createOwnerContentRepository } from '../owner-content/repository.ts';
import { loadSitePhotos } from '../photos/service.ts';
import { loadRatePlan } from '../pricing/rate-plan-repository.ts';
import { loadPublicReviews } from '../reviews/repository.ts';
import type { SiteContentSources } from './site-content.ts';

/** Where each part of the site content comes from (a part not listed is the fresh install's default). */
export const SITE_CONTENT_SOURCES: SiteContentSources = {
  // The rates the pages print are the owner's rate plan's (decision 013).
  prices: async (db) => publicPricesFromPlan(await loadRatePlan(db)),
  property: async (db) => publicPropertyFacts(await createOwnerContentRepository(db).readFacts()),
  texts: async (db) => publicOwnerTexts(await createOwnerContentRepository(db).readTexts()),
  photos: loadSitePhotos,
  // Published reviews only, with the withheld ones counted (decision 029).
  reviews: loadPublicReviews,
};
