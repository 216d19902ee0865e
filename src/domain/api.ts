import { z } from 'zod';

/**
 * Schemas of the API's requests and responses (spec section 7), shared by the server's routes and the browser's
 * fetch calls and forms: one schema, three uses.
 */

export const ApiErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const PropertySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pricePerNight: z.number().int(),
  weekendPrice: z.number().int(),
  cleaningFee: z.number().int(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  maxGuests: z.number().int(),
  sizeM2: z.number().int(),
  description: z.string(),
});
export type Property = z.infer<typeof PropertySchema>;

/** Login form and payload (spec sections 3 and 5): both fields required. */
export const AdminLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200),
  password: z.string().min(1, 'Password is required').max(1000),
});
export type AdminLogin = z.infer<typeof AdminLoginSchema>;
export const AdminLoginResponseSchema = z.object({ token: z.string() });
export const AdminVerifyResponseSchema = z.object({ valid: z.literal(true), username: z.string() });

/** The download helpers (/download, /files): archives built by `npm run package`, with their real sizes. */
export const DOWNLOAD_ARCHIVE_IDS = ['website', 'full', 'server'] as const;
export type DownloadArchiveId = (typeof DOWNLOAD_ARCHIVE_IDS)[number];
export const DownloadArchiveSchema = z.object({
  id: z.enum(DOWNLOAD_ARCHIVE_IDS),
  file: z.string(),
  url: z.string(),
  /** null while the archive has not been built. */
  bytes: z.number().int().nullable(),
  builtAt: z.string().nullable(),
});
export type DownloadArchive = z.infer<typeof DownloadArchiveSchema>;
export const DownloadsResponseSchema = z.object({ archives: z.array(DownloadArchiveSchema) });
