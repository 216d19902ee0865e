import { useQuery } from '@tanstack/react-query';
import type { SystemResponse } from '../../../../domain/api/system.ts';
import { downloadFile, readQuery } from '../../../lib/api.ts';

/** How often the System tab reads the jobs again while it is open: the fastest job runs every 15 seconds. */
export const SYSTEM_REFRESH_MS = 30_000;

/** The System view (`GET /api/admin/system`): the version and every job with its last and next run. */
export const systemQuery = () =>
  readQuery<SystemResponse>(['admin', 'system'], '/api/admin/system', { refetchInterval: SYSTEM_REFRESH_MS });

export const useSystem = () => useQuery(systemQuery());

/** A backup is behind the admin token, so it is fetched with it and handed to the browser as a file. */
export const downloadBackup = (name: string) =>
  downloadFile(`/api/admin/backups/${encodeURIComponent(name)}`);
