import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Encrypts small secrets at rest (the SMTP password) with AES-256-GCM. The key comes from SECRET_KEY (stretched
 * to 32 bytes with HKDF-SHA256) or, when that is unset, from a random key file in DATA_DIR that only the server's
 * user can read. Keep that file (or SECRET_KEY) with the backups: without it the stored password is lost.
 */

export const KEY_FILE_NAME = 'secret.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const HKDF_SALT = 'the-tower/secret-box/v1';

/** What is stored: nothing here is secret without the key. */
export type SealedSecret = { v: 1; alg: 'aes-256-gcm'; iv: string; tag: string; data: string };

export type SecretBox = {
  seal(plaintext: string, purpose: string): Promise<SealedSecret>;
  /** Throws when the key changed or the data were tampered with. */
  open(sealed: SealedSecret, purpose: string): Promise<string>;
  /**
   * A keyed hash of `value` (HMAC-SHA256 with a key derived for `purpose`, base64url): the same value always gives
   * the same hash, nobody without the key can make or reverse one. For tokens in links and stored pseudonyms.
   */
  mac(value: string, purpose: string): Promise<string>;
};

export type SecretKeySource = { secretKey: string | undefined; dataDir: string };

async function readOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = path.resolve(dataDir, KEY_FILE_NAME);
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== KEY_BYTES)
      throw new Error(`The key file ${file} is damaged (expected ${KEY_BYTES} bytes).`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': never overwrite a key another process wrote a moment ago; 0600: the server's user only.
    await writeFile(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateKeyFile(dataDir);
    throw error;
  }
}

/** The key is found (or the key file made) on first use, so a server that never stores a secret writes nothing. */
export function createSecretBox(source: SecretKeySource): SecretBox {
  let keyPromise: Promise<Buffer> | undefined;
  const key = () => {
    keyPromise ??= source.secretKey
      ? Promise.resolve(
          Buffer.from(hkdfSync('sha256', source.secretKey, HKDF_SALT, 'the-tower secret box', KEY_BYTES)),
        )
      : readOrCreateKeyFile(source.dataDir);
    keyPromise.catch(() => {
      keyPromise = undefined;
    });
    return keyPromise;
  };

  return {
    async seal(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      cipher.setAAD(Buffer.from(purpose)); // a sealed SMTP password cannot be replayed as another secret
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return {
        v: 1,
        alg: 'aes-256-gcm',
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    async mac(value, purpose) {
      const macKey = Buffer.from(
        hkdfSync('sha256', await key(), HKDF_SALT, `the-tower mac ${purpose}`, KEY_BYTES),
      );
      return createHmac('sha256', macKey).update(value, 'utf8').digest('base64url');
    },
    async open(sealed, purpose) {
      const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
