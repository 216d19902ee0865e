import { z } from 'zod';
import { textField } from './input-fields.ts';

/**
 * The owner's photos: what the public pages show (the `photos` part of the site content) and the admin area's
 * Photos tab API. Uploads are processed by the server (src/server/photos) into the responsive variants of
 * src/domain/media.ts; a photo reaches the pages once its variants exist and it has an alt text.
 */

/** Largest upload the server takes. */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
/** Largest photo in pixels (width × height): a 48-megapixel phone photo fits, a 20000 × 20000 image does not. */
export const MAX_PHOTO_PIXELS = 60_000_000;
/** Smallest photo: the slideshow's smallest width, at its 3:2 aspect. */
export const MIN_PHOTO_SIZE = { width: 640, height: 427 } as const;
export const MAX_ALT_LENGTH = 250;

/** A published photo: `base` is the address of its variants without `-<width>.<format>`. */
export const SitePhotoSchema = z.object({ id: z.string(), alt: z.string(), base: z.string() });

/**
 * The uploaded photos the pages show. Empty on a fresh install: the pages then show the build's drawn
 * stand-ins, framed as 'Photo to come'.
 */
export const SitePhotosSchema = z.object({
  /** The slideshow, in order (3:2 variants); the first is the hero, preloaded. */
  gallery: z.array(SitePhotoSchema),
  /** Feature cards' photos (4:3 variants), by feature id. */
  features: z.record(z.string(), SitePhotoSchema),
  /** The 1200×630 JPEG shown when a page is shared; absent: the build's. */
  socialImage: z.string().optional(),
});
export type SitePhotos = z.infer<typeof SitePhotosSchema>;

/** A photo of the slideshow as the build knows it: its id and alt text. */
export type GalleryPhoto = { id: string; alt: string };

/**
 * The slideshow's drawn stand-ins (scripts/build-images.ts draws one per id), shown only until the owner has
 * uploaded photos: what each is to show, in order (spec sections 2 and 4: 18 photos, the first the main one).
 */
export const PLACEHOLDER_GALLERY: readonly GalleryPhoto[] = [
  { id: 'exterior', alt: 'The Tower from the street: a granite church with its spire rising above Aberdeen' },
  { id: 'living-room', alt: 'Open-plan living room under the old church roof timbers, with deep sofas' },
  { id: 'kitchen', alt: 'Modern kitchen with a long island, oak worktops and pendant lights' },
  { id: 'kitchen-table', alt: 'Kitchen table laid for four beside a tall arched church window' },
  { id: 'master-bedroom', alt: 'Master bedroom with a king size bed beneath exposed stone and timber' },
  { id: 'double-bedroom', alt: 'Double bedroom with soft linen and a lancet window' },
  { id: 'twin-bedroom', alt: 'Twin bedroom with two single beds, ideal for friends or children' },
  { id: 'staircase', alt: 'The staircase winding up through five floors of the tower' },
  { id: 'tower-room', alt: 'Tower viewing room with windows on every side and armchairs for two' },
  { id: 'tower-view', alt: 'View from the tower room across the rooftops of Aberdeen to the North Sea' },
  { id: 'bathroom', alt: 'Bathroom with a walk-in rainfall shower and slate tiles' },
  { id: 'cast-iron-bath', alt: 'Freestanding cast iron bath beneath a gothic arched window' },
  { id: 'entrance-hall', alt: 'Entrance hall with the original church door and a flagstone floor' },
  { id: 'living-space', alt: 'Reading corner in the living space with a record player and bookshelves' },
  { id: 'roof-terrace', alt: 'Private roof terrace with outdoor seating and views over the city' },
  { id: 'sauna', alt: 'Private cedar sauna with warm low lighting' },
  {
    id: 'architectural-feature',
    alt: 'Restored stone tracery and stained glass, one of the church’s original features',
  },
  { id: 'exterior-dusk', alt: 'The Tower lit up at dusk, its spire against an evening sky' },
];

/** The feature cards a photo can illustrate (src/web/content/site.ts's FEATURES, same ids and order). */
export const FEATURE_PHOTO_SLOTS = [
  { id: 'feature-sauna', title: 'Private Sauna' },
  { id: 'feature-tower-room', title: 'Tower Viewing Room' },
  { id: 'feature-roof-terrace', title: 'Roof Terrace' },
  { id: 'feature-cast-iron-bath', title: 'Cast Iron Bath' },
  { id: 'feature-kitchen', title: 'Modern Kitchen' },
  { id: 'feature-master-bedroom', title: 'Master Bedroom' },
] as const;
export const FEATURE_PHOTO_IDS = FEATURE_PHOTO_SLOTS.map((slot) => slot.id) as [string, ...string[]];

export const PHOTO_STATUSES = ['processing', 'ready', 'failed'] as const;

export const AdminPhotoSchema = z.object({
  id: z.string(),
  alt: z.string(),
  /** processing: the latest upload's variants are being made (a replaced photo still shows its previous ones). */
  status: z.enum(PHOTO_STATUSES),
  /** Why processing failed, in a sentence. */
  error: z.string().nullable(),
  /** The 3:2 variants' base address, once there are any. */
  preview: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** On the public pages: variants ready and an alt text written. */
  published: z.boolean(),
  social: z.boolean(),
  featureId: z.string().nullable(),
});
export type AdminPhoto = z.infer<typeof AdminPhotoSchema>;

export const AdminPhotosSchema = z.object({
  photos: z.array(AdminPhotoSchema),
  /** Photos on the pages (processed, with an alt text) and photos still without one. */
  ready: z.number().int(),
  missingAlt: z.number().int(),
});
export type AdminPhotos = z.infer<typeof AdminPhotosSchema>;

export const PhotoIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const AltTextSchema = textField()
  .trim()
  .min(1, 'Please describe the photo for guests who cannot see it')
  .max(MAX_ALT_LENGTH, `Please keep the description under ${MAX_ALT_LENGTH} characters`);

export const UpdatePhotoSchema = z
  .object({
    alt: AltTextSchema.optional(),
    /** true makes it the social-share image (false on the current one: back to the hero). */
    social: z.boolean().optional(),
    featureId: z.enum(FEATURE_PHOTO_IDS).nullable().optional(),
  })
  .strict();
export type UpdatePhoto = z.infer<typeof UpdatePhotoSchema>;

/** The slideshow's new order: every photo's id once. */
export const PhotoOrderSchema = z.object({ ids: z.array(z.string().min(1).max(64)).max(500) }).strict();
