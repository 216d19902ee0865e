import { z } from 'zod';
import { textField } from './input-fields.ts';
import { DEFAULT_SITE_CONTENT, type OwnerTexts, type UniquePoint } from './site-content.ts';

/**
 * The texts the owner edits in the admin's Texts tab (decision 014): the home page's 'The Tower Experience'
 * paragraphs, the contact page's 'About The Tower' paragraphs, and the captions (title and text) of the six
 * unique features and of the eight 'What Makes The Tower Unique' points. The legal pages stay in the code; the
 * check-in instructions are guest-message settings (docs/decisions/017-after-paying.md).
 */

export type FeatureCaption = { id: string; title: string; text: string };
/** The texts as stored and as the admin edits them. */
export type OwnerTextsRecord = {
  experience: string[];
  about: string[];
  features: FeatureCaption[];
  uniquePoints: UniquePoint[];
};

const DEFAULT_TEXTS = DEFAULT_SITE_CONTENT.texts;

/** The texts of a fresh install: the site's original copy (the site content's defaults). */
export const DEFAULT_OWNER_TEXTS: OwnerTextsRecord = {
  experience: [...DEFAULT_TEXTS.experienceText],
  about: [...DEFAULT_TEXTS.aboutText],
  features: DEFAULT_TEXTS.features.map(({ id, title, text }) => ({ id, title, text })),
  uniquePoints: DEFAULT_TEXTS.uniquePoints.map(({ title, text }) => ({ title, text })),
};

/**
 * The texts the public pages print (the site content's `texts` part): the owner's words, each feature keeping
 * its photo's alt text and its clip from the site content's own list.
 */
export function publicOwnerTexts(texts: OwnerTextsRecord): OwnerTexts {
  return {
    experienceText: texts.experience,
    aboutText: texts.about,
    features: DEFAULT_TEXTS.features.map((feature) => {
      const caption = texts.features.find((one) => one.id === feature.id);
      return caption ? { ...feature, title: caption.title, text: caption.text } : feature;
    }),
    uniquePoints: texts.uniquePoints,
  };
}

/** The six features, by the id that ties each to its photo and clip; their order is the page's. */
export const FEATURE_IDS = DEFAULT_OWNER_TEXTS.features.map((feature) => feature.id);
export const UNIQUE_POINT_COUNT = DEFAULT_OWNER_TEXTS.uniquePoints.length;

export const PARAGRAPH_MAX = 1200;
export const MAX_PARAGRAPHS = 6;
export const CAPTION_TITLE_MAX = 60;
export const CAPTION_TEXT_MAX = 300;

const paragraphs = (label: string) =>
  z
    .array(
      textField({ error: `Each paragraph of ${label} must be text` })
        .trim()
        .max(PARAGRAPH_MAX, `A paragraph of ${label} must be at most ${PARAGRAPH_MAX} characters`),
      { error: `${label} must be a list of paragraphs` },
    )
    .transform((list) => list.filter((paragraph) => paragraph !== ''))
    .pipe(
      z
        .array(z.string())
        .min(1, `Write at least one paragraph of ${label}`)
        .max(MAX_PARAGRAPHS, `${label} may have at most ${MAX_PARAGRAPHS} paragraphs`),
    );

const title = (what: string) =>
  textField({ error: `The title of ${what} must be text` })
    .trim()
    .min(1, `Give ${what} a title`)
    .max(CAPTION_TITLE_MAX, `The title of ${what} must be at most ${CAPTION_TITLE_MAX} characters`);
const caption = (what: string) =>
  textField({ error: `The text of ${what} must be text` })
    .trim()
    .min(1, `Write the text of ${what}`)
    .max(CAPTION_TEXT_MAX, `The text of ${what} must be at most ${CAPTION_TEXT_MAX} characters`);

/** The Texts tab's form (PUT /api/admin/texts): every text, each required, the features by their fixed ids. */
export const OwnerTextsSchema = z.object({
  experience: paragraphs('The Tower Experience'),
  about: paragraphs('About The Tower'),
  features: z
    .array(z.object({ id: z.string(), title: title('a feature'), text: caption('a feature') }), {
      error: 'features must be a list',
    })
    .refine(
      (list) =>
        list.length === FEATURE_IDS.length &&
        list.every((feature, index) => feature.id === FEATURE_IDS[index]),
      `features must be the ${FEATURE_IDS.length} features, in order: ${FEATURE_IDS.join(', ')}`,
    ),
  uniquePoints: z
    .array(z.object({ title: title('a unique point'), text: caption('a unique point') }), {
      error: 'uniquePoints must be a list',
    })
    .length(UNIQUE_POINT_COUNT, `'What Makes The Tower Unique' has exactly ${UNIQUE_POINT_COUNT} points`),
});
export type OwnerTextsInput = z.input<typeof OwnerTextsSchema>;

/** The stored texts as the admin reads them back. */
export const OwnerTextsResponseSchema = z.object({
  experience: z.array(z.string()),
  about: z.array(z.string()),
  features: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })),
  uniquePoints: z.array(z.object({ title: z.string(), text: z.string() })),
});
