import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createTarDecoder, createTarPacker } from 'modern-tar';

/**
 * One backup is one tar file (docs/decisions/022-backups.md): the database's dump, the owner's photos, the key
 * file, and last a manifest that names every other part with its size and SHA-256, the table row counts and
 * where the backup comes from. A restore reads the whole file and checks it against its manifest before it
 * touches anything.
 */

export const BACKUP_FORMAT = 'the-tower-backup';
/** The manifest's layout; a restore refuses a newer one, which it cannot know how to read. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** Where the parts go inside the archive. */
export const PART = {
  pgliteDump: 'database/pglite-datadir.tar.gz',
  postgresDump: 'database/postgres.dump',
  keyFile: 'secret.key',
  mediaPrefix: 'media/',
} as const;

export type DatabaseKind = 'pglite' | 'postgres';
/** Rows of every table, by `schema.table`. */
export type TableCounts = Record<string, number>;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** When the database was dumped (ISO 8601). */
  createdAt: string;
  /** The site's version (package.json) that took it. */
  appVersion: string;
  database: { kind: DatabaseKind; part: string };
  tables: TableCounts;
  /** `file`: the key file is in the archive; `env`: the site used SECRET_KEY, which the owner keeps; `none`. */
  secretKey: 'file' | 'env' | 'none';
  parts: Record<string, { size: number; sha256: string }>;
};

/** A part to write: its bytes, or a file read as it is written (its size known beforehand). */
export type ArchivePart = { name: string } & ({ bytes: Uint8Array } | { file: string; size: number });

/** Why a file cannot be restored, in a sentence for the owner. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/**
 * Writes the archive to `file`: first to `file.partial`, renamed once complete, so a half-written file is never
 * taken for a backup. Each part's SHA-256 is computed from the bytes written, so the manifest describes exactly
 * what the file holds (a photo that changed while it was read fails the backup).
 */
export async function writeArchive(
  file: string,
  parts: ArchivePart[],
  manifest: Omit<BackupManifest, 'parts'>,
): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  const { readable, controller } = createTarPacker();
  const done = pipeline(
    Readable.fromWeb(readable as import('node:stream/web').ReadableStream<Uint8Array>),
    createWriteStream(partial, { mode: 0o600 }),
  );
  done.catch(() => {}); // awaited below, where its failure is the one thrown
  const described: BackupManifest['parts'] = {};
  try {
    for (const part of parts) {
      const size = 'bytes' in part ? part.bytes.byteLength : part.size;
      const hash = createHash('sha256');
      const writer = controller.add({ name: part.name, size, type: 'file', mode: 0o600 }).getWriter();
      let count = 0;
      const chunks: AsyncIterable<Uint8Array> | Uint8Array[] =
        'bytes' in part ? [part.bytes] : createReadStream(part.file);
      for await (const chunk of chunks) {
        count += chunk.byteLength;
        if (count > size) break;
        hash.update(chunk);
        await writer.write(chunk);
      }
      if (count !== size) {
        throw new Error(
          `${part.name} changed while it was being copied (${size} bytes expected, ${count} read)`,
        );
      }
      await writer.close();
      described[part.name] = { size, sha256: hash.digest('hex') };
    }
    const complete: BackupManifest = { ...manifest, parts: described };
    const json = new TextEncoder().encode(`${JSON.stringify(complete, null, 2)}\n`);
    const writer = controller.add({ name: MANIFEST_NAME, size: json.byteLength, type: 'file', mode: 0o600 });
    const manifestWriter = writer.getWriter();
    await manifestWriter.write(json);
    await manifestWriter.close();
    controller.finalize();
    await done;
    await rename(partial, file);
    return complete;
  } catch (error) {
    controller.error(error);
    await done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Reads the whole archive and checks it against its manifest: every part present, of its size and SHA-256,
 * nothing else in it. `visit` sees each part's bytes as they are read (before the manifest is checked: keep
 * them, write nothing). Throws a BackupFileError that says what is wrong.
 */
export async function readArchive(
  file: string,
  visit: (name: string, bytes: Uint8Array) => void | Promise<void> = () => {},
): Promise<BackupManifest> {
  const name = path.basename(file);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Uint8Array | undefined;
  let entries = 0;
  try {
    const source = Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
    for await (const entry of source.pipeThrough(createTarDecoder({ strict: true }))) {
      entries++;
      if (!isKnownPart(entry.header.name)) {
        throw new BackupFileError(
          `${name} is not a backup of this site: it holds ${entry.header.name}, which no backup holds.`,
        );
      }
      const bytes = new Uint8Array(await new Response(entry.body).arrayBuffer());
      if (entry.header.name === MANIFEST_NAME) {
        manifestBytes = bytes;
        continue;
      }
      seen.set(entry.header.name, {
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      await visit(entry.header.name, bytes);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupFileError(`There is no file ${file}.`);
    }
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(
      entries === 0
        ? `${name} is not a backup of this site: it is not an archive the backup command writes.`
        : `${name} is damaged or incomplete: it ends early or its contents are broken (was it copied whole?).`,
    );
  }
  if (!manifestBytes) {
    throw new BackupFileError(
      entries === 0
        ? `${name} is not a backup of this site: it is empty.`
        : `${name} is not a backup of this site, or is incomplete: it has no manifest.`,
    );
  }
  const manifest = parseManifest(name, manifestBytes);
  for (const [part, expected] of Object.entries(manifest.parts)) {
    const found = seen.get(part);
    if (!found) throw new BackupFileError(`${name} is damaged: ${part} is missing from it.`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      throw new BackupFileError(
        `${name} is damaged: ${part} is not what was backed up (its checksum differs).`,
      );
    }
  }
  const extra = [...seen.keys()].find((part) => !(part in manifest.parts));
  if (extra)
    throw new BackupFileError(`${name} is damaged: it holds ${extra}, which its manifest does not list.`);
  return manifest;
}

/** The names a backup holds: nothing that could land outside DATA_DIR or MEDIA_DIR when restored. */
function isKnownPart(name: string): boolean {
  if (
    name === MANIFEST_NAME ||
    name === PART.pgliteDump ||
    name === PART.postgresDump ||
    name === PART.keyFile
  ) {
    return true;
  }
  if (!name.startsWith(PART.mediaPrefix)) return false;
  const segments = name.slice(PART.mediaPrefix.length).split('/');
  return segments.every(
    (segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'),
  );
}

function parseManifest(name: string, bytes: Uint8Array): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(new TextDecoder().decode(bytes)) as Partial<BackupManifest>;
  } catch {
    throw new BackupFileError(`${name} is damaged: its manifest cannot be read.`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupFileError(`${name} is not a backup of this site: its manifest is not The Tower's.`);
  }
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${name} was made by a newer version of the site (backup format ${manifest.formatVersion}): upgrade the site first, then restore.`,
    );
  }
  const valid =
    typeof manifest.createdAt === 'string' &&
    typeof manifest.appVersion === 'string' &&
    (manifest.database?.kind === 'pglite' || manifest.database?.kind === 'postgres') &&
    typeof manifest.database.part === 'string' &&
    typeof manifest.tables === 'object' &&
    manifest.tables !== null &&
    typeof manifest.parts === 'object' &&
    manifest.parts !== null &&
    manifest.database.part in manifest.parts;
  if (!valid) throw new BackupFileError(`${name} is damaged: its manifest is incomplete.`);
  return manifest as BackupManifest;
}

/** A part's bytes to a file (the restore's photos and key), its folders made as needed. */
export async function writePart(target: string, bytes: Uint8Array, mode = 0o644): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes, { mode });
}
