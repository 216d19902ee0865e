import { z } from 'zod';
import { textField } from './input-fields.ts';

/**
 * The texts the owner edits in the admin's Texts tab (issue 16): the home page's 'The Tower Experience'
 * paragraphs, the contact page's 'About The Tower' paragraphs, and the captions (title and text) of the six
 * unique features and of the eight 'What Makes The Tower Unique' points. The legal pages stay in the code; the
 * check-in instructions are guest-message settings (issue 17).
 */

export type FeatureCaption = { id: string; title: string; text: string };
export type UniquePoint = { title: string; text: string };
export type OwnerTexts = {
  experience: string[];
  about: string[];
  features: FeatureCaption[];
  uniquePoints: UniquePoint[];
};

/** The texts of a fresh install: the site's original copy. */
export const DEFAULT_OWNER_TEXTS: OwnerTexts = {
  experience: [
    'The Tower is a former church in the Granite City, converted with patience and care into a home over five floors. Stone arches, stained glass and the old roof timbers sit alongside a modern kitchen, deep beds and good showers.',
    'Arrive, climb the stairs and the city falls away. Cook together at the kitchen table, sweat out a long drive in the sauna, soak in the cast iron bath, then take a glass up to the tower room and watch the lights come on across Aberdeen.',
    'It suits a couple wanting somewhere memorable, a family, or a small group of friends here for the golf, the river or the hills: three bedrooms and three bathrooms for up to 4 guests.',
  ],
  about: [
    'The Tower is a family-run holiday let: we converted the church ourselves over eighteen months and look after every stay personally.',
    'Please note that The Tower is spread over five floors with stairs throughout and no lift, so it is not suitable for wheelchair users or guests who find stairs difficult.',
  ],
  features: [
    {
      id: 'feature-sauna',
      title: 'Private Sauna',
      text: 'Your own cedar sauna, tucked inside the tower: the best end to a day on the links or the hills.',
    },
    {
      id: 'feature-tower-room',
      title: 'Tower Viewing Room',
      text: 'Climb to the top of the tower for a room with windows on every side and the whole city at your feet.',
    },
    {
      id: 'feature-roof-terrace',
      title: 'Roof Terrace',
      text: 'Morning coffee or an evening glass above the granite rooftops, in one of the city’s most private spots.',
    },
    {
      id: 'feature-cast-iron-bath',
      title: 'Cast Iron Bath',
      text: 'A deep freestanding roll-top bath beneath an arched church window. Bring a good book.',
    },
    {
      id: 'feature-kitchen',
      title: 'Modern Kitchen',
      text: 'Everything a keen cook needs, from a proper range to a coffee machine, around a table for four.',
    },
    {
      id: 'feature-master-bedroom',
      title: 'Master Bedroom',
      text: 'A king size bed under the original roof timbers, with blackout blinds for long northern summer days.',
    },
  ],
  uniquePoints: [
    {
      title: 'A Real Church Tower',
      text: 'Sleep inside a landmark: a former city-centre church, carefully converted into a home.',
    },
    {
      title: 'Five Floors of Living',
      text: 'From the entrance hall to the tower room, every floor has its own character and its own view.',
    },
    {
      title: 'Tower Viewing Room',
      text: 'A room at the very top with windows all round: sunrise over the North Sea, sunset over the hills.',
    },
    {
      title: 'Private Sauna',
      text: 'Warm up after a round of golf, a day on the river or a wet walk along the beach.',
    },
    {
      title: 'Roof Terrace',
      text: 'Fresh air and open sky in the middle of the city, yours alone for the length of your stay.',
    },
    {
      title: 'Cast Iron Bath',
      text: 'A freestanding roll-top bath in a bathroom lit by a gothic arched window.',
    },
    {
      title: 'Three Bedrooms, Three Bathrooms',
      text: 'A king size, a double and a twin, each with its own bathroom close by, for up to 4 guests.',
    },
    {
      title: 'In the Heart of Aberdeen',
      text: 'Restaurants, galleries, the harbour and the beach are all within a walk of the front door.',
    },
  ],
};

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
