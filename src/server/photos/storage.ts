import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the owner's photos live, under MEDIA_DIR (default DATA_DIR/media):
 * - `incoming/`: an upload while it arrives and is checked (removed whatever the outcome);
 * - `originals/`: the accepted uploads, never served;
 * - `work/`: the variants while the photo worker makes them, in a random directory of their own;
 * - `public/<key>/`: the finished variants, moved there in one rename once every one is written; `key` is
 *   random (128 bits) and is published only then, so nothing is served before processing ends, nor at an
 *   address that can be guessed.
 */
export type PhotoStorage = ReturnType<typeof createPhotoStorage>;

/** 128 random bits, hex: file names and public keys. */
export const randomName = () => randomBytes(16).toString('hex');

/** The public address of a photo's variants directory; `/media/uploads/` is served from `public/`. */
export const UPLOADS_URL_PREFIX = '/media/uploads/';

export function createPhotoStorage(mediaDir: string) {
  const root = path.resolve(mediaDir);
  const dirs = {
    incoming: path.join(root, 'incoming'),
    originals: path.join(root, 'originals'),
    work: path.join(root, 'work'),
    public: path.join(root, 'public'),
  };
  return {
    root,
    dirs,
    /** Creates the directories (on the first upload, not at start: a server with no photos writes nothing). */
    async ensure(): Promise<void> {
      await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true })));
    },
    originalPath: (name: string) => path.join(dirs.originals, name),
    publicDir: (key: string) => path.join(dirs.public, key),
    async removeOriginal(name: string): Promise<void> {
      await rm(path.join(dirs.originals, name), { force: true });
    },
    async removePublic(key: string): Promise<void> {
      await rm(path.join(dirs.public, key), { recursive: true, force: true });
    },
  };
}
