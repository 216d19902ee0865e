import { isDeepStrictEqual } from 'node:util';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_OWNER_TEXTS,
  type OwnerTextsRecord,
  OwnerTextsResponseSchema,
  OwnerTextsSchema,
} from '../../domain/owner-texts.ts';
import { type PropertyFactsRecord, STAY_TIMES } from '../../domain/property-facts.ts';
import {
  PropertyFactsInputSchema,
  PropertyFactsResponseSchema,
} from '../../domain/property-facts-schemas.ts';
import { actor, audit } from '../audit/audit.ts';
import type { AppContext } from '../context.ts';
import { createOwnerContentRepository } from './repository.ts';

export type OwnerContentRoutesOptions = AppContext & {
  /** Called after a change that the public pages show (the site content re-renders them). */
  contentChanged: () => void;
};

/** The facts flattened to `field: value` pairs ('social.facebook'), to name what a save changed. */
function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: value };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    Object.assign(out, flatten(inner, prefix ? `${prefix}.${key}` : key));
  return out;
}

/** What changed between two values, field by field: `{ 'licenceNumber': { from, to } }`. */
function changes(before: unknown, after: unknown): Record<string, { from: unknown; to: unknown }> {
  const old = flatten(before);
  const now = flatten(after);
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (!isDeepStrictEqual(old[key], now[key]))
      changed[key] = { from: old[key] ?? null, to: now[key] ?? null };
  }
  return changed;
}

/** Names of the texts that differ ('experience', 'features.feature-sauna', 'uniquePoints.3'). */
function changedTexts(before: OwnerTextsRecord, after: OwnerTextsRecord): string[] {
  // Compared as values: the database (jsonb) gives an object's keys back in its own order.
  const names: string[] = [];
  if (!isDeepStrictEqual(before.experience, after.experience)) names.push('experience');
  if (!isDeepStrictEqual(before.about, after.about)) names.push('about');
  after.features.forEach((feature, index) => {
    if (!isDeepStrictEqual({ ...before.features[index] }, { ...feature }))
      names.push(`features.${feature.id}`);
  });
  after.uniquePoints.forEach((point, index) => {
    if (!isDeepStrictEqual({ ...before.uniquePoints[index] }, { ...point }))
      names.push(`uniquePoints.${index + 1}`);
  });
  return names;
}

/**
 * The admin's Property and Texts tabs (admin scope: every route answers 401 without the admin token). Each save
 * that changes something writes one audit entry naming what changed, in the same transaction, then tells the
 * site content to re-render the public pages.
 */
export const ownerContentRoutes: FastifyPluginAsyncZod<OwnerContentRoutesOptions> = async (app, options) => {
  const { db, config, contentChanged } = options;
  const repository = createOwnerContentRepository(db);
  const factsResponse = (facts: PropertyFactsRecord) => ({
    facts,
    stayTimes: { checkIn: STAY_TIMES.checkIn, checkOut: STAY_TIMES.checkOut },
    defaultEnquiriesEmail: config.siteEmail,
  });

  app.get('/admin/property-facts', { schema: { response: { 200: PropertyFactsResponseSchema } } }, async () =>
    factsResponse(await repository.readFacts()),
  );

  app.put(
    '/admin/property-facts',
    { schema: { body: PropertyFactsInputSchema, response: { 200: PropertyFactsResponseSchema } } },
    async (request) => {
      const input = request.body as PropertyFactsRecord;
      const { saved, changed } = await db.transaction(async (tx) => {
        const before = await repository.readFacts(tx);
        const saved = await repository.saveFacts(input, tx);
        const changed = changes(before, saved);
        if (Object.keys(changed).length > 0) {
          await audit(tx, { actor: actor(request), action: 'property.facts_changed', details: { changed } });
        }
        return { saved, changed };
      });
      if (Object.keys(changed).length > 0) contentChanged();
      return factsResponse(saved);
    },
  );

  app.get('/admin/texts', { schema: { response: { 200: OwnerTextsResponseSchema } } }, async () =>
    repository.readTexts(),
  );

  const saveTexts = async (texts: OwnerTextsRecord, who: string, action: string) => {
    const changed = await db.transaction(async (tx) => {
      const before = await repository.readTexts(tx);
      await repository.saveTexts(texts, tx);
      const changed = changedTexts(before, texts);
      if (changed.length > 0) await audit(tx, { actor: who, action, details: { changed } });
      return changed;
    });
    if (changed.length > 0) contentChanged();
    return texts;
  };

  app.put(
    '/admin/texts',
    { schema: { body: OwnerTextsSchema, response: { 200: OwnerTextsResponseSchema } } },
    async (request) => saveTexts(request.body, actor(request), 'texts.changed'),
  );

  /** Back to the site's original copy. */
  app.delete('/admin/texts', { schema: { response: { 200: OwnerTextsResponseSchema } } }, async (request) =>
    saveTexts(DEFAULT_OWNER_TEXTS, actor(request), 'texts.reset'),
  );
};
