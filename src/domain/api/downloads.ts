import { z } from 'zod';
import { timestamp } from './fields.ts';

/**
 * The download helpers (/download, /files): archives built by `npm run package`, with their real sizes.
 * One schema for the route, the browser's fetch call and its form (docs/architecture.md).
 */

/** The three archives (the built site, the source, the server). */
export const DOWNLOAD_ARCHIVE_IDS = ['website', 'full', 'server'] as const;

export type DownloadArchiveId = (typeof DOWNLOAD_ARCHIVE_IDS)[number];

export const DownloadArchiveSchema = z.object({
  id: z.enum(DOWNLOAD_ARCHIVE_IDS),
  file: z.string(),
  url: z.string(),
  /** null while the archive has not been built. */
  bytes: z.number().int().nullable(),
  builtAt: timestamp.nullable(),
});

export type DownloadArchive = z.infer<typeof DownloadArchiveSchema>;

export const DownloadsResponseSchema = z.object({ archives: z.array(DownloadArchiveSchema) });
