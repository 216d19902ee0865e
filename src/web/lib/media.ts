/**
 * Responsive image variants of the build's photos (scripts/build-images.ts writes them to `public/media/`):
 * the table of kinds, widths and formats lives in the domain (src/domain/media.ts), shared with the server's
 * processing of the owner's uploads.
 */
import { type MediaFormat, type MediaKind, variantSrcSet } from '../../domain/media.ts';

/** The address prefix of a build-time photo's variants: /media/kitchen */
export const buildMediaBase = (id: string) => `/media/${id}`;

export function mediaSrcSet(id: string, kind: MediaKind, format: MediaFormat): string {
  return variantSrcSet(buildMediaBase(id), kind, format);
}
