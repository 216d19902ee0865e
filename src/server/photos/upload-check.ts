import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MIN_PHOTO_SIZE } from '../../domain/photos.ts';
import { badRequest, HttpError } from '../errors.ts';
import { loadSharp, type Sharp } from './sharp.ts';
import { type PhotoStorage, randomName } from './storage.ts';

/** The formats taken, as sharp reads them from the bytes (never from the file's name or declared type). */
const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'heif'] as const;
type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

const EXTENSIONS: Record<AcceptedFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', heif: 'heif' };

export type AcceptedUpload = {
  /** The file name under `originals/`. */
  original: string;
  format: AcceptedFormat;
  width: number;
  height: number;
  bytes: number;
  /** An `alt` field sent before the file, if any. */
  alt: string | undefined;
};

const heicReadable = (sharp: Sharp) =>
  (sharp.format.heif.input as { fileSuffix?: string[] }).fileSuffix?.includes('.heic') ?? false;

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const unsupported = (message: string) => new HttpError(415, 'unsupported_photo', message);

function tooLarge(): HttpError {
  return new HttpError(
    413,
    'photo_too_large',
    `This file is larger than ${megabytes(MAX_PHOTO_BYTES)}. Please export a smaller copy (a JPEG of a few MB is plenty).`,
  );
}

/**
 * Receives one photo of a multipart request and checks it before anything else sees it: at most
 * MAX_PHOTO_BYTES (the stream is cut off there), a format sharp recognises in the bytes themselves (JPEG, PNG,
 * WebP, or HEIF/AVIF that this build of sharp decodes), and a pixel size within MAX_PHOTO_PIXELS read from the
 * header only (a 20000 × 20000 image is refused without being decoded). The accepted file is moved to
 * `originals/` under a random name; anything refused is deleted.
 */
export async function receivePhoto(request: FastifyRequest, storage: PhotoStorage): Promise<AcceptedUpload> {
  if (!request.isMultipart()) {
    throw unsupported('Send the photo as a file upload (multipart/form-data, field "file").');
  }
  await storage.ensure();
  const incoming = path.join(storage.dirs.incoming, randomName());
  try {
    let part: Awaited<ReturnType<FastifyRequest['file']>>;
    try {
      part = await request.file({
        limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, fieldSize: 2000, parts: 6 },
      });
    } catch (error) {
      throw multipartError(error);
    }
    if (!part) throw badRequest('Choose a photo to upload.', 'photo_required');
    try {
      await pipeline(part.file, createWriteStream(incoming));
    } catch (error) {
      throw multipartError(error);
    }
    if (part.file.truncated) throw tooLarge();
    const bytes = (await stat(incoming)).size;
    if (bytes === 0) throw badRequest('The file is empty. Please choose the photo again.', 'photo_required');

    // The header only: no pixel is decoded here. sharp's own pixel limit would refuse a huge image with a
    // vague message before we could name its size, so it is off for this read (the worker decodes with it on).
    const sharp = await loadSharp();
    const metadata = await sharp(incoming, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    const format = metadata?.format as AcceptedFormat | undefined;
    if (!metadata || !format || !ACCEPTED_FORMATS.includes(format)) {
      throw unsupported(
        `"${part.filename}" is not a photo this site can use. Upload a JPEG, PNG, WebP or HEIC image.`,
      );
    }
    // sharp's own libheif decodes AVIF, not the HEVC inside iPhones' HEIC files (a system libvips may).
    if (format === 'heif' && metadata.compression === 'hevc' && !heicReadable(sharp)) {
      throw unsupported(
        'HEIC photos cannot be read on this server. On an iPhone, choose Settings › Camera › Formats › Most Compatible, or export the photo as JPEG.',
      );
    }
    const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
    if (width * height > MAX_PHOTO_PIXELS) {
      throw new HttpError(
        413,
        'photo_too_many_pixels',
        `This photo is ${width} × ${height} pixels; the most this site takes is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels (for example 9000 × 6000). Please export a smaller copy.`,
        { width, height },
      );
    }
    if (Math.max(width, height) < MIN_PHOTO_SIZE.width || Math.min(width, height) < MIN_PHOTO_SIZE.height) {
      throw new HttpError(
        422,
        'photo_too_small',
        `This photo is only ${width} × ${height} pixels: it would look blurred. Please upload one at least ${MIN_PHOTO_SIZE.width} × ${MIN_PHOTO_SIZE.height} (1600 × 1067 or larger looks sharp on every screen).`,
        { width, height },
      );
    }
    const original = `${randomName()}.${EXTENSIONS[format]}`;
    await rename(incoming, storage.originalPath(original));
    const altField = part.fields.alt;
    const alt =
      altField && !Array.isArray(altField) && altField.type === 'field' ? String(altField.value) : undefined;
    return { original, format, width, height, bytes, alt };
  } finally {
    await rm(incoming, { force: true });
  }
}

/** @fastify/multipart's errors as our sentences. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('Upload one photo at a time.', 'too_many_files');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return unsupported('Send the photo as a file upload (multipart/form-data, field "file").');
  }
  if (error instanceof HttpError) return error;
  return badRequest('The upload was interrupted or malformed. Please try again.', 'upload_failed');
}
