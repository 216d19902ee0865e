import { queryOptions } from '@tanstack/react-query';
import type { DownloadArchive } from '../../../domain/api/downloads.ts';
import { apiRequest } from '../../lib/api.ts';

/** The archives `npm run package` built, with their real sizes (GET /api/downloads). */
export const downloadsQuery = () =>
  queryOptions({
    queryKey: ['downloads', 'archives'],
    queryFn: () => apiRequest<{ archives: DownloadArchive[] }>('GET', '/api/downloads'),
  });
