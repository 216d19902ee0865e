import { eq, sql } from 'drizzle-orm';
import type { OwnerTextsRecord } from '../../domain/owner-texts.ts';
import { DEFAULT_OWNER_TEXTS } from '../../domain/owner-texts.ts';
import { PROPERTY_ID } from '../../domain/property.ts';
import {
  DEFAULT_PROPERTY_FACTS,
  type EpcRating,
  type PropertyFactsRecord,
} from '../../domain/property-facts.ts';
import type { DbOrTx } from '../db/database.ts';
import { ownerTexts, propertyFacts } from '../db/schema.ts';

type FactsRow = typeof propertyFacts.$inferSelect;

/** The columns of `property_facts` for a record of facts (the property id aside). */
export function factsRow(facts: PropertyFactsRecord) {
  return {
    licenceNumber: facts.licenceNumber,
    epcRating: facts.epcRating,
    maxOccupancy: facts.maxOccupancy,
    streetAddress: facts.streetAddress,
    postcode: facts.postcode,
    addressPublic: facts.addressPublic,
    facebookUrl: facts.social.facebook,
    instagramUrl: facts.social.instagram,
    tiktokUrl: facts.social.tiktok,
    hashtags: facts.hashtags,
    enquiriesEmail: facts.enquiriesEmail,
  };
}

function toRecord(row: FactsRow): PropertyFactsRecord {
  return {
    licenceNumber: row.licenceNumber,
    epcRating: row.epcRating as EpcRating | null,
    maxOccupancy: row.maxOccupancy,
    streetAddress: row.streetAddress,
    postcode: row.postcode,
    addressPublic: row.addressPublic,
    social: { facebook: row.facebookUrl, instagram: row.instagramUrl, tiktok: row.tiktokUrl },
    hashtags: row.hashtags,
    enquiriesEmail: row.enquiriesEmail,
  };
}

/**
 * The owner's facts and texts of The Tower, `(args, tx = db)` style. Reads of a database the start-up seed has
 * not reached yet answer the defaults of a fresh install.
 */
export function createOwnerContentRepository(db: DbOrTx) {
  return {
    async readFacts(tx: DbOrTx = db): Promise<PropertyFactsRecord> {
      const [row] = await tx.select().from(propertyFacts).where(eq(propertyFacts.propertyId, PROPERTY_ID));
      return row ? toRecord(row) : DEFAULT_PROPERTY_FACTS;
    },

    async saveFacts(facts: PropertyFactsRecord, tx: DbOrTx = db): Promise<PropertyFactsRecord> {
      const values = factsRow(facts);
      const [row] = await tx
        .insert(propertyFacts)
        .values({ propertyId: PROPERTY_ID, ...values })
        .onConflictDoUpdate({ target: propertyFacts.propertyId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return toRecord(row!);
    },

    async readTexts(tx: DbOrTx = db): Promise<OwnerTextsRecord> {
      const [row] = await tx.select().from(ownerTexts).where(eq(ownerTexts.propertyId, PROPERTY_ID));
      if (!row) return DEFAULT_OWNER_TEXTS;
      return {
        experience: row.experience,
        about: row.about,
        features: row.features,
        uniquePoints: row.uniquePoints,
      };
    },

    async saveTexts(texts: OwnerTextsRecord, tx: DbOrTx = db): Promise<OwnerTextsRecord> {
      await tx
        .insert(ownerTexts)
        .values({ propertyId: PROPERTY_ID, ...texts })
        .onConflictDoUpdate({ target: ownerTexts.propertyId, set: { ...texts, updatedAt: sql`now()` } });
      return texts;
    },
  };
}
