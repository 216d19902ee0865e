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
import type { Db } from './database.ts';
import { properties } from './schema.ts';

/** Writes The Tower's row; safe to run at every start (figures follow the domain constants). */
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
}
