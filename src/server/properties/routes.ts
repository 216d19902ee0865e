import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertySchema } from '../../domain/api/properties.ts';
import type { AppContext } from '../context.ts';
import { properties } from '../db/schema.ts';

export const propertyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get('/properties', { schema: { response: { 200: PropertySchema.array() } } }, async () => {
    const rows = await db.select().from(properties).orderBy(asc(properties.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      pricePerNight: row.pricePerNightGbp,
      weekendPrice: row.weekendPriceGbp,
      cleaningFee: row.cleaningFeeGbp,
      bedrooms: row.bedrooms,
      bathrooms: row.bathrooms,
      maxGuests: row.maxGuests,
      sizeM2: row.sizeM2,
      description: row.description,
    }));
  });
};
