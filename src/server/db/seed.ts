import { DEFAULT_OWNER_TEXTS } from '../../domain/owner-texts.ts';
import {
  BATHROOMS,
  BEDROOMS,
  CLEANING_FEE_GBP,
  MAX_GUESTS,
  PROPERTY_DESCRIPTION,
  PROPERTY_ID,
  PROPERTY_NAME,
  SIZE_M2,
  WEEKDAY_RATE_GBP,
  WEEKEND_RATE_GBP,
} from '../../domain/property.ts';
import { DEFAULT_PROPERTY_FACTS } from '../../domain/property-facts.ts';
import { factsRow } from '../owner-content/repository.ts';
import type { Db } from './database.ts';
import { ownerTexts, properties, propertyFacts } from './schema.ts';

/**
 * Writes The Tower's row; safe to run at every start (figures follow the domain constants). The owner's facts and
 * texts are written once, with the defaults of a fresh install, and left alone after that: they are the owner's.
 */
export async function seedProperty(db: Db): Promise<void> {
  const row = {
    id: PROPERTY_ID,
    name: PROPERTY_NAME,
    pricePerNightGbp: WEEKDAY_RATE_GBP,
    weekendPriceGbp: WEEKEND_RATE_GBP,
    cleaningFeeGbp: CLEANING_FEE_GBP,
    bedrooms: BEDROOMS,
    bathrooms: BATHROOMS,
    maxGuests: MAX_GUESTS,
    sizeM2: SIZE_M2,
    description: PROPERTY_DESCRIPTION,
  };
  await db.insert(properties).values(row).onConflictDoUpdate({ target: properties.id, set: row });
  await db
    .insert(propertyFacts)
    .values({ propertyId: PROPERTY_ID, ...factsRow(DEFAULT_PROPERTY_FACTS) })
    .onConflictDoNothing();
  await db
    .insert(ownerTexts)
    .values({ propertyId: PROPERTY_ID, ...DEFAULT_OWNER_TEXTS })
    .onConflictDoNothing();
}
