import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPhoto, AdminPhotos, UpdatePhoto } from '../../../../domain/photos.ts';
import { apiRequest, readQuery, uploadFile } from '../../../lib/api.ts';
import { useChange } from '../../../lib/mutation.ts';
import { auditQuery } from '../shared/queries.ts';

/** How often the list is read again while a photo is being processed. */
export const PROCESSING_POLL_MS = 1500;

/** The Photos tab's list; read again every moment while an upload is still being processed. */
export const photosQuery = () =>
  readQuery<AdminPhotos>(['admin', 'photos'], '/api/admin/photos', {
    refetchInterval: (query) =>
      query.state.data?.photos.some((photo) => photo.status === 'processing') ? PROCESSING_POLL_MS : false,
  });

export const usePhotos = () => useQuery(photosQuery());

const photoUrl = (id: string) => `/api/admin/photos/${encodeURIComponent(id)}`;
const STALE_AFTER_CHANGE = [photosQuery().queryKey, auditQuery().queryKey];

export const useUploadPhoto = () =>
  useChange({
    mutationFn: (file: File) => uploadFile<AdminPhoto>('POST', '/api/admin/photos', file),
    stale: STALE_AFTER_CHANGE,
  });

export const useReplacePhoto = () =>
  useChange({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      uploadFile<AdminPhoto>('PUT', `${photoUrl(id)}/file`, file),
    stale: STALE_AFTER_CHANGE,
  });

export const useUpdatePhoto = () =>
  useChange({
    mutationFn: ({ id, ...change }: UpdatePhoto & { id: string }) =>
      apiRequest<AdminPhoto>('PATCH', photoUrl(id), change),
    stale: STALE_AFTER_CHANGE,
  });

/** Shows the new order at once, then saves it; on a refusal the list is read again. */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
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
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQuery().queryKey }),
  });
}

export const useDeletePhoto = () =>
  useChange({ mutationFn: (id: string) => apiRequest('DELETE', photoUrl(id)), stale: STALE_AFTER_CHANGE });
