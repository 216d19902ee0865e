import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPhoto, AdminPhotos, UpdatePhoto } from '../../../domain/photos.ts';
import { ApiRequestError, apiRequest, getAdminToken } from '../../lib/api.ts';
import { auditQuery } from './admin-api.ts';

/** How often the list is read again while a photo is being processed. */
export const PROCESSING_POLL_MS = 1500;

/** The Photos tab's list; read again every moment while an upload is still being processed. */
export const photosQuery = () =>
  queryOptions({
    queryKey: ['admin', 'photos'],
    queryFn: () => apiRequest<AdminPhotos>('GET', '/api/admin/photos'),
    refetchInterval: (query) =>
      query.state.data?.photos.some((photo) => photo.status === 'processing') ? PROCESSING_POLL_MS : false,
  });

export const usePhotos = () => useQuery(photosQuery());

/** Uploads one file as multipart (the JSON helper cannot), with the admin token. */
async function sendPhoto(method: 'POST' | 'PUT', url: string, file: File): Promise<AdminPhoto> {
  const body = new FormData();
  body.append('file', file, file.name);
  const token = getAdminToken();
  const response = await fetch(url, {
    method,
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  const text = await response.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const message = typeof json?.message === 'string' ? json.message : text || response.statusText;
    throw new ApiRequestError(response.status, message, json);
  }
  return json as AdminPhoto;
}

function useRefetchPhotos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: photosQuery().queryKey }),
      queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
    ]);
}

export function useUploadPhoto() {
  const refetch = useRefetchPhotos();
  return useMutation({
    mutationFn: (file: File) => sendPhoto('POST', '/api/admin/photos', file),
    onSettled: refetch,
  });
}

export function useReplacePhoto() {
  const refetch = useRefetchPhotos();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      sendPhoto('PUT', `/api/admin/photos/${encodeURIComponent(id)}/file`, file),
    onSettled: refetch,
  });
}

export function useUpdatePhoto() {
  const refetch = useRefetchPhotos();
  return useMutation({
    mutationFn: ({ id, ...change }: UpdatePhoto & { id: string }) =>
      apiRequest<AdminPhoto>('PATCH', `/api/admin/photos/${encodeURIComponent(id)}`, change),
    onSettled: refetch,
  });
}

/** Shows the new order at once, then saves it; on a refusal the list is read again. */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const refetch = useRefetchPhotos();
  const key = photosQuery().queryKey;
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<AdminPhotos>('PUT', '/api/admin/photos/order', { ids }),
    onMutate: (ids) => {
      queryClient.setQueryData(key, (current) => {
        if (!current) return current;
        const byId = new Map(current.photos.map((photo) => [photo.id, photo]));
        return { ...current, photos: ids.map((id) => byId.get(id)).filter((photo) => photo !== undefined) };
      });
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onError: refetch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
  });
}

export function useDeletePhoto() {
  const refetch = useRefetchPhotos();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/photos/${encodeURIComponent(id)}`),
    onSettled: refetch,
  });
}
