import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { desc, like } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../domain/photos.ts';
import type { BuildAppOptions } from '../app.ts';
import { auditLog } from '../db/schema.ts';
import { expectRefusal } from '../test/refusal.ts';
import { adminToken, createTestApp, openSecondConnection, type TestApp } from '../test/test-app.ts';

let mediaDir: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'tower-photos-'));
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
  token = await adminToken(t.app);
});

afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${token}` });
/** The Photos tab's change of a photo (its alt text, published or not). */
const describePhoto = (id: string, change: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/photos/${id}`, headers: auth(), payload: change });

/** A real photo made by sharp: a gradient with a shape, so the encoders have something to encode. */
async function makeJpeg(width = 1800, height = 1200, hue = 30): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,40%)"/><stop offset="1" stop-color="#eee"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#234"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * A valid 1-bit greyscale PNG of `width` × `height` made by hand (sharp would have to encode every pixel):
 * its rows of zeros compress to almost nothing, so a 20000 × 20000 image is a small file.
 */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function form(file: Buffer, name = 'photo.jpg', type = 'image/jpeg', alt?: string): FormData {
  const data = new FormData();
  if (alt !== undefined) data.append('alt', alt);
  data.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return data;
}

const upload = (file: Buffer, options: { name?: string; type?: string; alt?: string; app?: TestApp } = {}) =>
  (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/admin/photos',
    headers: auth(),
    payload: form(file, options.name, options.type, options.alt),
  });

const list = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/photos', headers: auth() })).json();

const filesUnder = async (dir: string): Promise<string[]> =>
  existsSync(dir) ? (await readdir(dir, { recursive: true })).map(String).sort() : [];

async function deleteAll() {
  for (const photo of (await list()).photos) {
    await t.app.inject({ method: 'DELETE', url: `/api/admin/photos/${photo.id}`, headers: auth() });
  }
}

describe('the Photos API without an admin token', () => {
  it.each([
    ['GET', '/api/admin/photos'],
    ['POST', '/api/admin/photos'],
    ['PUT', '/api/admin/photos/abc/file'],
    ['PATCH', '/api/admin/photos/abc'],
    ['PUT', '/api/admin/photos/order'],
    ['DELETE', '/api/admin/photos/abc'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an upload without a token before reading it, and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/photos',
      payload: form(await makeJpeg()),
    });
    expect(response.statusCode).toBe(401);
    expect(await filesUnder(path.join(mediaDir, 'originals'))).toEqual([]);
  });
});

describe('POST /api/admin/photos', () => {
  it('accepts a JPEG at once, makes its variants in the background, then serves them', async () => {
    const response = await upload(await makeJpeg(), { alt: 'The kitchen at breakfast time' });
    expect(response.statusCode).toBe(202);
    const accepted = response.json();
    expect(accepted).toMatchObject({
      status: 'processing',
      preview: null,
      published: false,
      width: 1800,
      height: 1200,
    });
    // Nothing is published before processing ends.
    expect(await filesUnder(path.join(mediaDir, 'public'))).toEqual([]);

    await t.app.jobs.settled('photo-processing');
    const [photo] = (await list()).photos;
    expect(photo).toMatchObject({ id: accepted.id, status: 'ready', published: true });
    expect(photo.preview).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\/gallery$/);
    const key = photo.preview.split('/')[3];
    expect(await filesUnder(path.join(mediaDir, 'public', key))).toEqual(
      [
        'feature-480.avif',
        'feature-480.webp',
        'feature-800.avif',
        'feature-800.webp',
        'gallery-1024.avif',
        'gallery-1024.webp',
        'gallery-1600.avif',
        'gallery-1600.webp',
        'gallery-640.avif',
        'gallery-640.webp',
        'social.jpg',
      ].sort(),
    );

    const avif = await t.app.inject({ method: 'GET', url: `${photo.preview}-1600.avif` });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toContain('immutable');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1067 });
    const social = await t.app.inject({ method: 'GET', url: `/media/uploads/${key}/social.jpg` });
    expect(await sharp(social.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    // The original has no address.
    const [original] = await filesUnder(path.join(mediaDir, 'originals'));
    expect(original).toMatch(/\.jpg$/);
    for (const url of [
      `/media/uploads/${key}/${original}`,
      `/media/uploads/${key}/../../originals/${original}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'photo.%'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actor: 'owner', action: 'photo.uploaded' });
    expect(await t.app.photos.photosReady()).toEqual({ ready: 1, missingAlt: 0 });
    // The go-live checklist counts it.
    const checklist = await t.app.inject({ url: '/api/admin/go-live', headers: auth() });
    expect(checklist.json().items).toContainEqual(
      expect.objectContaining({
        id: 'photos',
        done: false,
        detail: expect.stringMatching(/^1 of 18 photos on the site/),
      }),
    );
    await deleteAll();
  });

  it.each([
    ['PNG', 'png', (image: Sharp) => image.png()],
    ['WebP', 'webp', (image: Sharp) => image.webp()],
    ['AVIF (HEIF)', 'heif', (image: Sharp) => image.avif({ effort: 0 })],
  ] as const)('accepts a %s photo, read from its bytes', async (_name, format, encode) => {
    const file = await encode(sharp(await makeJpeg(900, 600))).toBuffer();
    const response = await upload(file, {
      name: 'photo.bin',
      type: 'application/octet-stream',
      alt: 'A photo',
    });
    expect(response.statusCode).toBe(202);
    await t.app.jobs.settled('photo-processing');
    expect((await list()).photos[0]).toMatchObject({ status: 'ready', published: true });
    expect((await filesUnder(path.join(mediaDir, 'originals')))[0]).toMatch(new RegExp(`\\.${format}$`));
    await deleteAll();
  });

  it("serves no camera metadata: a photo's location stays with the original", async () => {
    const withLocation = await sharp(await makeJpeg())
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '57/1 8/1 47/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withLocation).metadata()).exif).toBeDefined();
    await upload(withLocation, { alt: 'The front door' });
    await t.app.jobs.settled('photo-processing');
    const { preview } = (await list()).photos[0];
    for (const url of [
      `${preview}-1600.webp`,
      `${preview}-1600.avif`,
      preview.replace(/gallery$/, 'social.jpg'),
    ]) {
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).exif, url).toBeUndefined();
    }
    await deleteAll();
  });

  it('refuses a file that is not an image, whatever its name and declared type, with 415', async () => {
    const response = await upload(Buffer.from('<?php echo "hello"; ?>\n'.repeat(200)), {
      name: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expectRefusal(response, 415, {
      error: 'unsupported_photo',
      message: '"holiday.jpg" is not a photo this site can use. Upload a JPEG, PNG, WebP or HEIC image.',
    });
    expect((await list()).photos).toEqual([]);
    expect(await filesUnder(path.join(mediaDir, 'originals'))).toEqual([]);
    expect(await filesUnder(path.join(mediaDir, 'incoming'))).toEqual([]);
  });

  it('refuses an SVG (an image that can carry scripts) with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500"></svg>');
    const response = await upload(svg, { name: 'photo.jpg' });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a file over 25 MB with 413, and keeps none of it', async () => {
    const oversized = Buffer.concat([await makeJpeg(), Buffer.alloc(MAX_PHOTO_BYTES)]);
    const response = await upload(oversized);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'photo_too_large' });
    expect(response.json().message).toMatch(/larger than 25 MB/);
    expect(await filesUnder(path.join(mediaDir, 'incoming'))).toEqual([]);
    expect((await list()).photos).toEqual([]);
  });

  it('refuses a 20000 × 20000 image with 413 without decoding it', async () => {
    const response = await upload(hugePng(20_000, 20_000), { name: 'huge.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: 'photo_too_many_pixels',
      message: expect.stringMatching(/^This photo is 20000 × 20000 pixels; the most this site takes is 60/),
    });
    expect((await list()).photos).toEqual([]);
  });

  it('refuses a photo too small to look sharp with 422', async () => {
    const response = await upload(await makeJpeg(400, 300));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('photo_too_small');
  });

  it('answers 400 when no file is sent', async () => {
    const data = new FormData();
    data.append('alt', 'nothing');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/photos',
      headers: auth(),
      payload: data,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('photo_required');
  });
});

describe('changing photos', () => {
  it('publishes a photo only once it has an alt text, which is required', async () => {
    const { id } = (await upload(await makeJpeg())).json();
    await t.app.jobs.settled('photo-processing');
    expect((await list()).photos[0]).toMatchObject({ id, status: 'ready', published: false });
    expect(await t.app.photos.photosReady()).toEqual({ ready: 0, missingAlt: 1 });

    const blank = await describePhoto(id, { alt: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/Please describe the photo/);

    const described = await describePhoto(id, { alt: 'The roof terrace at dusk' });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({ alt: 'The roof terrace at dusk', published: true });
    expect(await t.app.photos.photosReady()).toEqual({ ready: 1, missingAlt: 0 });
    await deleteAll();
  });

  it('reorders the slideshow, refuses an order that does not list every photo once, and logs both', async () => {
    const ids: string[] = [];
    for (const hue of [10, 120, 240]) {
      ids.push((await upload(await makeJpeg(900, 600, hue), { alt: `Photo ${hue}` })).json().id);
    }
    await t.app.jobs.settled('photo-processing');
    const reversed = [...ids].reverse();
    const reorder = (order: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/photos/order',
        headers: auth(),
        payload: { ids: order },
      });
    expect((await reorder([ids[0]!, ids[1]!])).statusCode).toBe(400);
    expect((await reorder([ids[0]!, ids[0]!, ids[1]!])).statusCode).toBe(400);
    const response = await reorder(reversed);
    expect(response.statusCode).toBe(200);
    expect(response.json().photos.map((photo: { id: string }) => photo.id)).toEqual(reversed);
    expect((await list()).photos.map((photo: { id: string }) => photo.id)).toEqual(reversed);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'photo.%'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'photo.reordered', details: { from: ids, to: reversed } });
    await deleteAll();
  });

  it('keeps one social image and one photo per feature card', async () => {
    const first = (await upload(await makeJpeg(), { alt: 'One' })).json().id;
    const second = (await upload(await makeJpeg(), { alt: 'Two' })).json().id;
    await t.app.jobs.settled('photo-processing');
    const patch = (id: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/photos/${id}`, headers: auth(), payload });
    await patch(first, { social: true, featureId: 'feature-sauna' });
    await patch(second, { social: true, featureId: 'feature-sauna' });
    expect((await list()).photos).toEqual([
      expect.objectContaining({ id: first, social: false, featureId: null }),
      expect.objectContaining({ id: second, social: true, featureId: 'feature-sauna' }),
    ]);
    expect((await patch(first, { featureId: 'feature-garage' })).statusCode).toBe(400);
    await deleteAll();
  });

  it('replaces a photo: the old variants stay on the site until the new ones are ready, then go', async () => {
    const { id } = (await upload(await makeJpeg(1800, 1200, 10), { alt: 'The staircase' })).json();
    await t.app.jobs.settled('photo-processing');
    const before = (await list()).photos[0].preview as string;
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/photos/${id}/file`,
      headers: auth(),
      payload: form(await makeJpeg(2400, 1600, 200), 'better.jpg'),
    });
    expect(replaced.statusCode).toBe(202);
    expect(replaced.json()).toMatchObject({ status: 'processing', preview: before, published: true });
    await t.app.jobs.settled('photo-processing');
    const after = (await list()).photos[0];
    expect(after).toMatchObject({ id, status: 'ready', alt: 'The staircase', width: 2400 });
    expect(after.preview).not.toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `${before}-640.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${after.preview}-640.webp` })).statusCode).toBe(200);
    expect(await filesUnder(path.join(mediaDir, 'originals'))).toHaveLength(1);
    await deleteAll();
  });

  it('deletes a photo with its original and every variant', async () => {
    const { id } = (await upload(await makeJpeg(), { alt: 'The sauna' })).json();
    await t.app.jobs.settled('photo-processing');
    const { preview } = (await list()).photos[0];
    expect((await filesUnder(path.join(mediaDir, 'public'))).length).toBeGreaterThan(0);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/photos/${id}`,
      headers: auth(),
    });
    expect(response.statusCode).toBe(200);
    expect(await filesUnder(path.join(mediaDir, 'originals'))).toEqual([]);
    expect(await filesUnder(path.join(mediaDir, 'public'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${preview}-640.webp` })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/photos/${id}`, headers: auth() });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('photo_not_found');
  });
});

describe('processing survives a restart', () => {
  it('uploads accepted by a process that stops before processing them are all processed by the next one', async () => {
    const stopping = await createTestApp({
      env: { MEDIA_DIR: mediaDir },
      database: await openSecondConnection(t.database),
      overrides: { photoWorker: false },
    });
    for (const alt of ['The tower room', 'The tower stairs', 'The tower roof']) {
      const accepted = await upload(await makeJpeg(900, 600), { app: stopping, alt });
      expect(accepted.statusCode).toBe(202);
    }
    await stopping.app.close();
    expect((await list()).photos.map((photo: { status: string }) => photo.status)).toEqual([
      'processing',
      'processing',
      'processing',
    ]);

    const next = await createTestApp({
      env: { MEDIA_DIR: mediaDir },
      database: await openSecondConnection(t.database),
    });
    try {
      await next.app.jobs.settled('photo-processing');
      expect((await list()).photos.map((photo: { status: string }) => photo.status)).toEqual([
        'ready',
        'ready',
        'ready',
      ]);
    } finally {
      await next.app.close();
    }
    await deleteAll();
  });
});

describe('the public pages', () => {
  /** Stands in for React Router's server build (the browser tests run the real one): the slideshow as <img>s. */
  const slideshowRenderer: NonNullable<BuildAppOptions['pageRenderer']> = async (content, paths) => {
    const images = content.photos.gallery.map(
      (photo) => `<img src="${photo.base}-1024.webp" alt="${photo.alt}">`,
    );
    const html = `<!doctype html><title>Home</title>${images.join('')}`;
    return {
      html: new Map(paths.map((one) => [one, html] as const)),
      data: new Map(),
    };
  };

  it('show an uploaded photo once it is processed and described, and drop it once deleted', async () => {
    const withPages = await createTestApp({
      env: { MEDIA_DIR: mediaDir },
      database: await openSecondConnection(t.database),
      overrides: {
        // The build's home page, until the content changes.
        site: {
          pages: new Map([
            [
              '/',
              {
                html: '<title>Home (build)</title>',
                scriptHashes: [],
                encoded: { br: Buffer.alloc(0), gzip: Buffer.alloc(0) },
              },
            ],
          ]),
          data: new Map(),
          fallback: undefined,
          notFound: undefined,
          root: mediaDir,
        },
        pageRenderer: slideshowRenderer,
      },
    });
    const { app } = withPages;
    try {
      const home = async () => {
        await app.jobs.settled('photo-processing');
        await app.siteContent.settled();
        return (await app.inject({ url: '/' })).body;
      };
      const ownerToken = await adminToken(app);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/admin/photos',
        headers: { authorization: `Bearer ${ownerToken}` },
        payload: form(
          await makeJpeg(),
          'kitchen.jpg',
          'image/jpeg',
          'The kitchen island under pendant lights',
        ),
      });
      expect(sent.statusCode).toBe(202);
      const page = await home();
      const [, base] =
        /<img src="(\/media\/uploads\/[0-9a-f]{32}\/gallery)-1024\.webp" alt="The kitchen island under pendant lights">/.exec(
          page,
        ) ?? [];
      expect(base).toBeDefined();
      const variant = await app.inject({ url: `${base}-1024.webp` });
      expect(variant.statusCode).toBe(200);
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1024 });
      const content = (await app.inject({ url: '/api/site-content' })).json();
      expect(content.photos).toMatchObject({
        gallery: [{ alt: 'The kitchen island under pendant lights', base }],
        socialImage: `${base!.replace(/gallery$/, '')}social.jpg`,
      });

      await app.inject({
        method: 'DELETE',
        url: `/api/admin/photos/${sent.json().id}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(await home()).not.toContain('<img');
    } finally {
      await app.close();
    }
  });
});
