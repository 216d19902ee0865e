import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DownloadArchive, DownloadArchiveId } from '../../domain/api/downloads.ts';

/** Where `npm run package` (scripts/package.ts) writes the archives; git-ignored. */
export const DOWNLOADS_DIR = fileURLToPath(new URL('../../../dist-packages', import.meta.url));

/** The three archives of the spec README's decision: the built site, the source without dependencies, the server. */
export const ARCHIVE_FILES: Record<DownloadArchiveId, string> = {
  website: 'the-tower-website.tar.gz',
  full: 'the-tower-source.tar.gz',
  server: 'the-tower-server.tar.gz',
};

export async function listArchives(directory = DOWNLOADS_DIR): Promise<DownloadArchive[]> {
  return Promise.all(
    (Object.entries(ARCHIVE_FILES) as [DownloadArchiveId, string][]).map(async ([id, file]) => {
      const info = await stat(path.join(directory, file)).catch(() => undefined);
      return {
        id,
        file,
        url: `/downloads/${file}`,
        bytes: info?.isFile() ? info.size : null,
        builtAt: info?.isFile() ? info.mtime.toISOString() : null,
      };
    }),
  );
}
