/**
 * Makes a photo's responsive variants with sharp: AVIF and WebP in every width of its kind (src/domain/media.ts),
 * cropped to the kind's aspect ratio, and the 1200×630 social image. Used by the build for the drawn
 * placeholders (scripts/build-images.ts) and by the server for the owner's uploads (photo-worker.ts), so both
 * make the same files with the same settings.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KINDS, type MediaKind, mediaHeight, SOCIAL_IMAGE } from '../../domain/media.ts';
import { loadSharp, type Sharp } from './sharp.ts';

/** Bump when the encoding settings change, so the build makes every variant again. */
export const PIPELINE_VERSION = 4;

/** Decoded pixels, upright, that every variant is resized from (decoding a camera photo once, not per size). */
export type DecodedPhoto = {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
};

/**
 * Decodes `input` (a file or its bytes), applies the camera's orientation, and scales it down to at most
 * `maxWidth` × `maxHeight` (`cover`: the smaller side reaches the box, so any crop of that aspect has its
 * full resolution). `limitInputPixels` refuses to decode anything larger (sharp's guard against huge images).
 */
export async function decodePhoto(
  input: Buffer | string,
  box: { width: number; height: number; fit?: 'cover' | 'outside' },
  limitInputPixels: number | false = 268_402_689,
): Promise<DecodedPhoto> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels, failOn: 'error' })
    .rotate()
    .resize(box.width, box.height, {
      fit: box.fit ?? 'cover',
      position: 'attention',
      withoutEnlargement: box.fit === 'outside',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

const fromDecoded = (sharp: Sharp, photo: DecodedPhoto) => sharp(photo.data, { raw: photo.raw });

/** The file name of one variant: `<prefix>-<width>.<format>` (the domain's variantUrl without the directory). */
export const variantFile = (prefix: string, width: number, format: 'avif' | 'webp') =>
  `${prefix}-${width}.${format}`;

/** Every file writeVariants writes for `prefix` and `kind`. */
export function variantFiles(prefix: string, kind: MediaKind): string[] {
  return MEDIA_KINDS[kind].widths.flatMap((width) =>
    (['avif', 'webp'] as const).map((format) => variantFile(prefix, width, format)),
  );
}

/**
 * Writes the kind's AVIF and WebP variants to `outDir/<prefix>-<width>.<format>`: the photo is cropped to the
 * kind's aspect ratio (sharp's attention strategy keeps the busiest part) at its largest width, then each
 * width is resized from those pixels.
 */
export async function writeVariants(
  photo: DecodedPhoto,
  kind: MediaKind,
  outDir: string,
  prefix: string,
): Promise<void> {
  const { width, height, widths } = MEDIA_KINDS[kind];
  await mkdir(outDir, { recursive: true });
  const sharp = await loadSharp();
  const cropped = await fromDecoded(sharp, photo)
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: cropped.info.width, height: cropped.info.height, channels: cropped.info.channels };
  for (const size of widths) {
    const resized = sharp(cropped.data, { raw }).resize(size, mediaHeight(kind, size));
    await Promise.all([
      resized
        .clone()
        .avif({ quality: 50, effort: 1 })
        .toFile(path.join(outDir, variantFile(prefix, size, 'avif'))),
      resized
        .clone()
        .webp({ quality: 72, effort: 3 })
        .toFile(path.join(outDir, variantFile(prefix, size, 'webp'))),
    ]);
  }
}

/** Writes the 1200×630 JPEG that social networks show for a shared link. */
export async function writeSocialImage(photo: DecodedPhoto, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await fromDecoded(await loadSharp(), photo)
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(file);
}
