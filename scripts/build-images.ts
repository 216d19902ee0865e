/**
 * Draws the stand-ins a fresh install shows until the owner uploads photos in the admin area: for every
 * slideshow photo (src/domain/photos.ts's PLACEHOLDER_GALLERY) and feature card, a drawn scene
 * (scripts/placeholder-art.ts) as AVIF and WebP in the widths of src/domain/media.ts, written to public/media/
 * (git-ignored; Vite copies it into the build), plus the 1200×630 social image, with the server's own variant
 * maker (src/server/photos/variants.ts, which processes the owner's uploads). The pages frame them as 'Photo to
 * come'. The owner's photos never go through the build: they are uploaded in the admin's Photos tab.
 *
 * Cached: a manifest records a hash of each source and of the settings, so an unchanged photo is skipped and a
 * rebuild after install takes well under a second. `npm run build` runs this before `react-router build`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_KINDS, type MediaKind } from '../src/domain/media.ts';
import {
  decodePhoto,
  PIPELINE_VERSION,
  variantFiles,
  writeSocialImage,
  writeVariants,
} from '../src/server/photos/variants.ts';
import { DEFAULT_FEATURES as FEATURES, DEFAULT_GALLERY as GALLERY } from '../src/web/content/site.ts';
import { DEFAULT_SOCIAL_IMAGE } from '../src/web/lib/meta.ts';
import { placeholderSvg } from './placeholder-art.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const MEDIA_OUT_DIR = path.join(root, 'public/media');
const MANIFEST = path.join(MEDIA_OUT_DIR, 'manifest.json');
const SOCIAL_OUT = path.join(root, 'public', DEFAULT_SOCIAL_IMAGE);

type Job = { id: string; kind: MediaKind };

function sourceOf(job: Job): { input: Buffer; label: string } {
  const { width, height } = MEDIA_KINDS[job.kind];
  return { input: Buffer.from(placeholderSvg(job.id, width, height)), label: 'placeholder' };
}

const hashOf = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
};

function outputsOf(job: Job): string[] {
  return variantFiles(job.id, job.kind).map((file) => path.join(MEDIA_OUT_DIR, file));
}

async function makeVariants(job: Job, input: Buffer): Promise<void> {
  const { width, height } = MEDIA_KINDS[job.kind];
  await writeVariants(await decodePhoto(input, { width, height }), job.kind, MEDIA_OUT_DIR, job.id);
}

/** Runs `work` over `items`, `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(workers);
}

export async function buildImages({ log = console.info }: { log?: (line: string) => void } = {}) {
  const started = performance.now();
  mkdirSync(MEDIA_OUT_DIR, { recursive: true });
  mkdirSync(path.dirname(SOCIAL_OUT), { recursive: true });
  const manifest: Record<string, string> = existsSync(MANIFEST)
    ? JSON.parse(readFileSync(MANIFEST, 'utf8'))
    : {};
  const jobs: Job[] = [
    ...GALLERY.map((photo) => ({ id: photo.id, kind: 'gallery' as const })),
    ...FEATURES.map((feature) => ({ id: feature.id, kind: 'feature' as const })),
  ];
  let made = 0;
  await inParallel(jobs, 2, async (job) => {
    const { input, label } = sourceOf(job);
    const key = hashOf(String(PIPELINE_VERSION), JSON.stringify(MEDIA_KINDS[job.kind]), input);
    if (manifest[job.id] === key && outputsOf(job).every((file) => existsSync(file))) return;
    await makeVariants(job, input);
    manifest[job.id] = key;
    made += 1;
    log(`  ${job.id} (${label})`);
  });

  const first = GALLERY[0]!;
  const social = sourceOf({ id: first.id, kind: 'gallery' });
  const socialKey = hashOf(String(PIPELINE_VERSION), 'social', social.input);
  if (manifest.social !== socialKey || !existsSync(SOCIAL_OUT)) {
    const { width, height } = MEDIA_KINDS.gallery;
    await writeSocialImage(await decodePhoto(social.input, { width, height }), SOCIAL_OUT);
    manifest.social = socialKey;
    made += 1;
  }
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    made
      ? `Images: made ${made} of ${jobs.length + 1} in ${seconds} s`
      : `Images: all ${jobs.length + 1} up to date`,
  );
}

if (import.meta.main) await buildImages();
