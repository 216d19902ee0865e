/**
 * Responsive image variants of the build's photos (scripts/build-images.ts writes them to `public/media/`):
 * the table of kinds, widths and formats lives in the domain (src/domain/media.ts), shared with the server's
 * processing of the owner's uploads.
 */
import { type MediaFormat, type MediaKind, variantSrcSet, variantUrl } from '../../domain/media.ts';

export {
  MEDIA_FORMATS,
  MEDIA_KINDS,
  type MediaFormat,
  type MediaKind,
  mediaHeight,
  SOCIAL_IMAGE,
} from '../../domain/media.ts';

/** The address prefix of a build-time photo's variants: /media/kitchen */
export const buildMediaBase = (id: string) => `/media/${id}`;

/** Public URL of one variant of a build-time photo: /media/kitchen-1024.avif */
export const mediaUrl = (id: string, width: number, format: MediaFormat) =>
  variantUrl(buildMediaBase(id), width, format);

export function mediaSrcSet(id: string, kind: MediaKind, format: MediaFormat): string {
  return variantSrcSet(buildMediaBase(id), kind, format);
}
