import type { DownloadArchive } from '../../../domain/api/downloads.ts';
import { readQuery } from '../../lib/api.ts';

/** The archives `npm run package` built, with their real sizes (GET /api/downloads). */
export const downloadsQuery = () =>
  readQuery<{ archives: DownloadArchive[] }>(['downloads', 'archives'], '/api/downloads');
