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
