import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { adminUsers } from '../db/schema.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import { revokeSessions } from './sessions.ts';

export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/**
 * Makes sure the owner can log in. With ADMIN_PASSWORD set, the account is created, or its password reset when
 * the variable's value changed since it was last applied (a scrypt hash of the applied value is kept, never the
 * value): a password the owner changed in the admin survives a restart, and applying a new value signs every
 * session out. Without it, a first start generates a strong password, stores only its hash, and writes it to a
 * file in the data directory that only the server's user can read: the log says where it is, never what it is.
 */
export async function ensureAdminAccount(
  db: Db,
  options: { username: string; password: string | undefined; dataDir: string | undefined },
  log: FastifyBaseLogger,
): Promise<void> {
  const [existing] = await db
    .select({ id: adminUsers.id, envPasswordHash: adminUsers.envPasswordHash })
    .from(adminUsers)
    .where(eq(adminUsers.username, options.username));

  if (options.password) {
    if (existing?.envPasswordHash && (await verifyPassword(options.password, existing.envPasswordHash))) {
      log.info(
        { username: options.username },
        'ADMIN_PASSWORD is unchanged since it was last applied: the admin account keeps its password',
      );
      return;
    }
    const passwordHash = await hashPassword(options.password);
    const now = new Date();
    const signedOut = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(adminUsers)
        .values({ username: options.username, passwordHash, envPasswordHash: passwordHash })
        .onConflictDoUpdate({
          target: adminUsers.username,
          set: { passwordHash, envPasswordHash: passwordHash, updatedAt: now },
        })
        .returning({ id: adminUsers.id });
      return revokeSessions(tx, user!.id, now);
    });
    log.info({ username: options.username, signedOut }, 'admin account password set from ADMIN_PASSWORD');
    return;
  }
  if (existing) return;
  const [anyAdmin] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (anyAdmin) return;

  const password = generatePassword();
  const created = await db
    .insert(adminUsers)
    .values({ username: options.username, passwordHash: await hashPassword(password) })
    .onConflictDoNothing() // another server process starting at the same moment made the account first
    .returning({ id: adminUsers.id });
  if (created.length === 0) return;
  if (!options.dataDir) {
    log.warn('admin account created with a random password; set ADMIN_PASSWORD to choose one');
    return;
  }
  const file = path.resolve(options.dataDir, INITIAL_PASSWORD_FILE);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  log.info(
    { username: options.username, file },
    `admin account "${options.username}" created; its password is in ${file} (readable by this user only)`,
  );
}
