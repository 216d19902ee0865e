import { type DragEvent, useLayoutEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { variantUrl } from '../../../../domain/media.ts';
import {
  type AdminPhoto,
  AltTextSchema,
  FEATURE_PHOTO_SLOTS,
  MAX_ALT_LENGTH,
} from '../../../../domain/photos.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Form, FormField, FormInput, type FormMethods } from '../../../components/ui/form.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { toast, toastOutcome } from '../../../lib/toast.ts';
import { AdminCard } from '../shared/card.tsx';
import { WhenRead } from '../shared/when-read.tsx';
import {
  useDeletePhoto,
  usePhotos,
  useReorderPhotos,
  useReplacePhoto,
  useUpdatePhoto,
  useUploadPhoto,
} from './photos-api.ts';

/** What the file pickers offer; the server checks the bytes whatever the name says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
const PHOTO_DRAG_TYPE = 'application/x-tower-photo';

/** A photo that did not upload: named in the notification, with why (the server's sentence, without its status). */
function toastNotUploaded(file: File, error: unknown) {
  toast({
    title: `${file.name} was not uploaded`,
    description: (error as Error).message.replace(/^\d+: /, ''),
    variant: 'destructive',
  });
}

/** `ids` with the photo at `from` moved to `to`. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved!);
  return next;
}

/**
 * The Photos tab: upload (file picker or drop), the slideshow's order (drag, or a photo's handle and the arrow
 * keys), each photo's alt text, the hero (the first photo), the image shown when the site is shared, the feature
 * cards' photos, replace and delete. Uploads are processed by the server in the background; the list is read
 * again until they are ready.
 */
export function PhotosTab() {
  const photos = usePhotos();
  const upload = useUploadPhoto();
  const reorder = useReorderPhotos();
  const [uploading, setUploading] = useState<string[]>([]);
  const [dropActive, setDropActive] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);

  // A moved item's handle loses focus when its element moves in the document: give it back.
  useLayoutEffect(() => {
    if (focusAfterMove) handles.current.get(focusAfterMove)?.focus();
  });

  const list = photos.data?.photos ?? [];
  const ids = list.map((photo) => photo.id);

  async function uploadFiles(files: FileList | File[]) {
    const chosen = [...files];
    setUploading((current) => [...current, ...chosen.map((file) => file.name)]);
    for (const file of chosen) {
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        toastNotUploaded(file, error);
      } finally {
        setUploading((current) => {
          const index = current.indexOf(file.name);
          return index === -1 ? current : [...current.slice(0, index), ...current.slice(index + 1)];
        });
      }
    }
  }

  function move(id: string, to: number) {
    const from = ids.indexOf(id);
    if (from === -1 || to < 0 || to >= ids.length || to === from) return;
    setFocusAfterMove(id);
    setAnnouncement(`Moved to position ${to + 1} of ${ids.length}.`);
    reorder.mutate(moveId(ids, from, to), {
      onError: (error) =>
        toast({ title: 'The order was not saved', description: error.message, variant: 'destructive' }),
    });
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDropActive(false);
    if (event.dataTransfer.files.length > 0) void uploadFiles(event.dataTransfer.files);
  }

  return (
    <AdminCard headingId="photos-heading" title="Photos">
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        The home page slideshow shows these photos in this order. The first is the hero: the first thing
        guests see, and the picture shown when someone shares the site unless you choose another. A photo
        appears on the site once it is processed and has a description for guests who cannot see it.
      </p>
      <WhenRead query={photos} what="the photos">
        {(data) => (
          <p className="mt-3 text-sm" role="status">
            {data.photos.length === 0
              ? 'No photos uploaded yet: the site shows drawn stand-ins marked ‘Photo to come’.'
              : `${data.ready} of ${data.photos.length} photo${data.photos.length === 1 ? '' : 's'} on the site.${
                  data.missingAlt
                    ? ` ${data.missingAlt} still need${data.missingAlt === 1 ? 's' : ''} a description.`
                    : ''
                }`}
          </p>
        )}
      </WhenRead>

      <section
        aria-label="Upload photos"
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) {
            event.preventDefault();
            setDropActive(true);
          }
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={onDrop}
        className={`mt-4 flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center ${
          dropActive ? 'border-amber-600 bg-amber-50' : 'border-stone-300 bg-stone-50'
        }`}
      >
        <label className="cursor-pointer rounded-md bg-stone-900 px-4 py-2 font-medium text-sm text-white focus-within:outline-2 focus-within:outline-amber-600 hover:bg-stone-700">
          Choose photos
          <input
            type="file"
            accept={ACCEPT}
            multiple
            className="sr-only"
            onChange={(event) => {
              if (event.target.files?.length) void uploadFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
        <p className="text-sm text-stone-600">
          or drop them here. JPEG, PNG, WebP or HEIC, up to 25 MB each; 1600 × 1067 pixels or larger looks
          sharp on every screen.
        </p>
        {uploading.length > 0 ? (
          <p className="text-sm" role="status">
            Uploading {uploading.join(', ')}…
          </p>
        ) : null}
      </section>

      {list.length > 0 ? (
        <>
          <p className="mt-6 text-sm text-stone-600" id="reorder-hint">
            To change the order, drag a photo, or focus its ↕ handle and press the up or down arrow key.
          </p>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
          <ol aria-label="Slideshow order" className="mt-3 space-y-3">
            {list.map((photo, index) => (
              <PhotoItem
                key={photo.id}
                photo={photo}
                index={index}
                total={list.length}
                handleRef={(element) => {
                  if (element) handles.current.set(photo.id, element);
                  else handles.current.delete(photo.id);
                }}
                onMove={(to) => move(photo.id, to)}
                onDropPhoto={(draggedId) => {
                  const from = ids.indexOf(draggedId);
                  if (from !== -1) move(draggedId, index);
                }}
              />
            ))}
          </ol>
        </>
      ) : null}
    </AdminCard>
  );
}

type ItemProps = {
  photo: AdminPhoto;
  index: number;
  total: number;
  handleRef: (element: HTMLButtonElement | null) => void;
  onMove: (to: number) => void;
  onDropPhoto: (draggedId: string) => void;
};

/** The server's own rule for a description: said under the field. */
const AltForm = z.object({ alt: AltTextSchema });

function PhotoItem({ photo, index, total, handleRef, onMove, onDropPhoto }: ItemProps) {
  const update = useUpdatePhoto();
  const replace = useReplacePhoto();
  const remove = useDeletePhoto();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const label = `Photo ${index + 1}`;
  const altId = `photo-alt-${photo.id}`;

  async function saveAlt({ alt }: { alt: string }, form: FormMethods<typeof AltForm>) {
    try {
      await update.mutateAsync({ id: photo.id, alt });
      toast({ title: 'Description saved' });
    } catch (error) {
      // The server's sentence, under the field it is about.
      form.setError('alt', { message: (error as Error).message.replace(/^\d+: /, '') });
    }
  }

  async function change(changeSet: Parameters<typeof update.mutateAsync>[0], done: string) {
    await toastOutcome(update.mutateAsync(changeSet), { title: done }, { title: 'Not saved' });
  }

  return (
    <li
      aria-label={label}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) {
          event.preventDefault();
          setDragOver(true);
        }
      }}
      onDragLeave={() => setDragOver(false)}
      onDrop={(event) => {
        const dragged = event.dataTransfer.getData(PHOTO_DRAG_TYPE);
        if (!dragged) return;
        event.preventDefault();
        event.stopPropagation();
        setDragOver(false);
        onDropPhoto(dragged);
      }}
      className={`grid gap-4 rounded-lg border p-3 sm:grid-cols-[auto_12rem_1fr] ${
        dragOver ? 'border-amber-600 bg-amber-50' : 'border-stone-200 bg-white'
      }`}
    >
      <div className="flex items-start gap-2 sm:flex-col sm:items-center">
        <button
          type="button"
          ref={handleRef}
          aria-label={`Reorder ${label.toLowerCase()} of ${total}`}
          aria-describedby="reorder-hint"
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              onMove(index + (event.key === 'ArrowUp' ? -1 : 1));
            } else if (event.key === 'Home' || event.key === 'End') {
              event.preventDefault();
              onMove(event.key === 'Home' ? 0 : total - 1);
            }
          }}
          className="flex h-11 w-11 cursor-grab items-center justify-center rounded-md border border-stone-300 text-lg text-stone-700 hover:bg-stone-100"
        >
          <span aria-hidden="true">↕</span>
        </button>
        <span className="font-semibold text-sm tabular-nums" aria-hidden="true">
          {index + 1}
        </span>
      </div>

      <div>
        <div className="flex aspect-[3/2] w-full items-center justify-center overflow-hidden rounded-md bg-stone-200 text-center text-sm text-stone-600">
          {photo.preview ? (
            <img
              src={variantUrl(photo.preview, 640, 'webp')}
              alt={photo.alt || 'No description yet'}
              width={640}
              height={427}
              className="h-full w-full object-cover"
            />
          ) : photo.status === 'failed' ? (
            <span>Could not be processed</span>
          ) : (
            <span>Processing…</span>
          )}
        </div>
        <p className="mt-1 flex flex-wrap gap-1 text-xs">
          {index === 0 ? <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">Hero</span> : null}
          {photo.social ? (
            <span className="rounded bg-sky-100 px-2 py-0.5 text-sky-900">Shown when shared</span>
          ) : null}
          {photo.published ? (
            <span className="rounded bg-green-100 px-2 py-0.5 text-green-900">On the site</span>
          ) : (
            <span className="rounded bg-stone-200 px-2 py-0.5 text-stone-800">Not on the site yet</span>
          )}
          {photo.status === 'processing' ? (
            <span className="rounded bg-stone-200 px-2 py-0.5 text-stone-800">Processing</span>
          ) : null}
        </p>
      </div>

      <div className="space-y-3">
        {photo.status === 'failed' && photo.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-red-900 text-sm">
            {photo.error}
          </p>
        ) : null}
        <Form
          schema={AltForm}
          defaultValues={{ alt: photo.alt }}
          onSubmit={saveAlt}
          className="flex flex-wrap items-end gap-2"
        >
          {(form) => (
            <>
              <FormField
                name="alt"
                label="Description (alt text)"
                id={altId}
                hint={photo.alt ? undefined : 'Needs a description before it goes on the site.'}
                className="min-w-0 flex-1 basis-64"
              >
                <FormInput
                  maxLength={MAX_ALT_LENGTH}
                  placeholder="e.g. The tower room at sunset, with two armchairs by the window"
                />
              </FormField>
              <Button
                type="submit"
                size="sm"
                disabled={update.isPending || form.watch('alt').trim() === photo.alt}
              >
                Save description
              </Button>
            </>
          )}
        </Form>
        <div className="flex flex-wrap items-end gap-2">
          {index > 0 ? (
            <Button size="sm" variant="secondary" onClick={() => onMove(0)}>
              Make hero
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              change(
                { id: photo.id, social: !photo.social },
                photo.social ? 'The hero is shown when the site is shared' : 'Shown when the site is shared',
              )
            }
          >
            {photo.social ? 'Stop using when shared' : 'Use when shared'}
          </Button>
          <Field label="Feature card" id={`photo-feature-${photo.id}`}>
            <Select
              compact
              value={photo.featureId ?? ''}
              onChange={(event) =>
                change(
                  { id: photo.id, featureId: event.target.value || null },
                  event.target.value ? 'Feature card photo chosen' : 'Feature card photo removed',
                )
              }
            >
              <option value="">None</option>
              {FEATURE_PHOTO_SLOTS.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {slot.title}
                </option>
              ))}
            </Select>
          </Field>
          <label className="cursor-pointer rounded-md border border-stone-300 px-3 py-1.5 font-medium text-sm focus-within:outline-2 focus-within:outline-amber-600 hover:bg-stone-100">
            Replace
            <input
              type="file"
              accept={ACCEPT}
              className="sr-only"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                try {
                  await replace.mutateAsync({ id: photo.id, file });
                  toast({ title: 'Photo replaced', description: 'The new one shows once it is processed.' });
                } catch (error) {
                  toastNotUploaded(file, error);
                }
              }}
            />
          </label>
          {confirmingDelete ? (
            <span className="flex items-center gap-2">
              <Button
                size="sm"
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(photo.id, {
                    onError: (error) =>
                      toast({ title: 'Not deleted', description: error.message, variant: 'destructive' }),
                  })
                }
              >
                Delete {label.toLowerCase()}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirmingDelete(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="danger-outline" onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
