import { useQuery } from '@tanstack/react-query';
import type { DownloadArchive, DownloadArchiveId } from '../../../domain/api/downloads.ts';
import { downloadsQuery } from './downloads-api.ts';

/** The archives `npm run package` built, with their real sizes. */
export function useDownloads() {
  return useQuery(downloadsQuery());
}

export function archiveOf(archives: DownloadArchive[] | undefined, id: DownloadArchiveId) {
  return archives?.find((archive) => archive.id === id);
}

/** "3.4 MB", "85 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
