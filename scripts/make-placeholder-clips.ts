/**
 * Makes the short placeholder clips of the feature grid (public/video/<id>.mp4 and .mov, committed): a slow
 * drift across the feature's placeholder picture, 4 s, silent, H.264. Needs ffmpeg; run it by hand only when the
 * clip list changes (`node scripts/make-placeholder-clips.ts`). Neither the build nor CI runs it. The owner
 * replaces the files with real clips of the same names (see the README, "Photos and video").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_FEATURES as FEATURES } from '../src/web/content/site.ts';
import { placeholderSvg } from './placeholder-art.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'public/video');
const work = mkdtempSync(path.join(tmpdir(), 'tower-clips-'));
mkdirSync(outDir, { recursive: true });

function ffmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${args.join(' ')}`);
}

try {
  for (const feature of FEATURES.filter((item) => item.video)) {
    const still = path.join(work, `${feature.id}.png`);
    await sharp(Buffer.from(placeholderSvg(feature.id, 960, 720)))
      .png()
      .toFile(still);
    const mp4 = path.join(outDir, `${feature.id}.mp4`);
    // A slow pan across a slightly larger frame; 24 fps, 4 seconds, loops without a visible jump at low contrast.
    ffmpeg([
      '-loop',
      '1',
      '-i',
      still,
      '-vf',
      "crop=640:480:x='160*(0.5-0.5*cos(PI*t/4))':y='120*(0.5-0.5*cos(PI*t/4))',format=yuv420p",
      '-t',
      '4',
      '-r',
      '24',
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-crf',
      '30',
      '-preset',
      'veryslow',
      '-an',
      '-movflags',
      '+faststart',
      mp4,
    ]);
    // The QuickTime fallback the spec asks for: the same stream in a .mov container.
    ffmpeg(['-i', mp4, '-c', 'copy', '-f', 'mov', path.join(outDir, `${feature.id}.mov`)]);
    console.info(`made ${feature.id}.mp4 and .mov`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
