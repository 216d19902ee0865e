import { z } from 'zod';

/**
 * The go-live checklist of the admin dashboard: what must be true before guests are sent to the site.
 * Each item says in a sentence what is missing and links to where the owner fixes it.
 * See docs/decisions/014-owner-facts-and-go-live.md.
 */

export const GO_LIVE_ITEM_IDS = [
  'licence',
  'epc',
  'occupancy',
  'address',
  'photos',
  'email',
  'payments',
  'site_url',
  'channel_feeds',
  'export_given',
] as const;
export type GoLiveItemId = (typeof GO_LIVE_ITEM_IDS)[number];

/** Photos the home page slideshow needs before going live (spec sections 2 and 4). */
export const GO_LIVE_PHOTOS = 18;
/** A channel's feed counts as synced when its last successful import is at most this old. */
export const GO_LIVE_SYNC_HOURS = 6;

export const GoLiveItemSchema = z.object({
  id: z.enum(GO_LIVE_ITEM_IDS),
  label: z.string(),
  done: z.boolean(),
  /** What is missing (or what is in place), in a sentence. */
  detail: z.string(),
  /**
   * Where it is fixed: a path of the admin ('/admin?tab=property'), an anchor of the checklist itself, or '' for
   * a server setting (the label then names it; the detail says which variable).
   */
  fixAt: z.object({ href: z.string(), label: z.string() }),
});
export type GoLiveItem = z.infer<typeof GoLiveItemSchema>;

/**
 * The owner's own ticks: demo payments chosen on purpose (no real charges), and the export address given to
 * both channels (only the owner can know they pasted it into Airbnb and Booking.com).
 */
export const GO_LIVE_CHOICES = ['demo_payments', 'export_given'] as const;
export type GoLiveChoice = (typeof GO_LIVE_CHOICES)[number];

export const GoLiveChecklistSchema = z.object({
  items: z.array(GoLiveItemSchema),
  /** How many items are still open. */
  open: z.number().int(),
  /** The owner's ticks as they stand. */
  choices: z.object({ demo_payments: z.boolean(), export_given: z.boolean() }),
  /** The site runs demo payments not chosen by PAYMENTS=demo: the owner's tick decides. */
  offerDemoTick: z.boolean(),
});
export type GoLiveChecklist = z.infer<typeof GoLiveChecklistSchema>;
export const GoLiveChoiceSchema = z.object({
  choice: z.enum(GO_LIVE_CHOICES, { error: `choice must be one of: ${GO_LIVE_CHOICES.join(', ')}` }),
  value: z.boolean({ error: 'value must be true or false' }),
});
export type GoLiveChoiceInput = z.infer<typeof GoLiveChoiceSchema>;
