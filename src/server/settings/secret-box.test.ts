import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, KEY_FILE_NAME } from '../settings/secret-box.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tower-secret-box-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SECRET_KEY = 'k'.repeat(40);

describe('createSecretBox', () => {
  it('opens what it sealed, and the sealed form hides the secret behind a fresh IV each time', async () => {
    const box = createSecretBox({ secretKey: SECRET_KEY, dataDir: dir });
    const first = await box.seal('app password', 'smtp-password');
    const second = await box.seal('app password', 'smtp-password');
    expect(first.data).not.toBe(second.data);
    expect(JSON.stringify(first)).not.toContain('app password');
    expect(await box.open(first, 'smtp-password')).toBe('app password');
  });

  it('refuses another key, another purpose, and tampered data', async () => {
    const box = createSecretBox({ secretKey: SECRET_KEY, dataDir: dir });
    const sealed = await box.seal('app password', 'smtp-password');
    const other = createSecretBox({ secretKey: 'x'.repeat(40), dataDir: dir });
    await expect(other.open(sealed, 'smtp-password')).rejects.toThrow();
    await expect(box.open(sealed, 'ical-export-key')).rejects.toThrow();
    const flipped = Buffer.from(sealed.data, 'base64');
    flipped[0]! ^= 1;
    await expect(
      box.open({ ...sealed, data: flipped.toString('base64') }, 'smtp-password'),
    ).rejects.toThrow();
  });

  it('keyed hashes: the same for the same value and purpose, different for another purpose or key', async () => {
    const box = createSecretBox({ secretKey: SECRET_KEY, dataDir: dir });
    const hash = await box.mac('guest@example.com', 'follow-up-address');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await box.mac('guest@example.com', 'follow-up-address')).toBe(hash);
    expect(await box.mac('guest@example.com', 'another-purpose')).not.toBe(hash);
    expect(await box.mac('other@example.com', 'follow-up-address')).not.toBe(hash);
    const other = createSecretBox({ secretKey: 'x'.repeat(40), dataDir: dir });
    expect(await other.mac('guest@example.com', 'follow-up-address')).not.toBe(hash);
  });

  it('without SECRET_KEY, makes one key file readable by its owner only and reuses it', async () => {
    const keyDir = path.join(dir, 'data');
    const sealed = await createSecretBox({ secretKey: undefined, dataDir: keyDir }).seal('pw', 'p');
    expect((await stat(path.join(keyDir, KEY_FILE_NAME))).mode & 0o777).toBe(0o600);
    expect(await createSecretBox({ secretKey: undefined, dataDir: keyDir }).open(sealed, 'p')).toBe('pw');
  });
});
