import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { audit } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import { adminUsers } from '../db/schema.ts';
import { generatePassword, hashPassword } from './passwords.ts';
import { revokeSessions } from './sessions.ts';
import { disableTwoFactor } from './two-factor.ts';

/** Where `npm run admin:reset` writes the new password, in DATA_DIR (as the first password is). */
export const RESET_PASSWORD_FILE = 'reset-admin-password';

/**
 * The owner's way back in (`npm run admin:reset` on the server): a new strong password, two-step sign-in off,
 * every session signed out. The password goes to a file only the server's user can read, never to the screen.
 * The applied ADMIN_PASSWORD is left as it was, so a restart does not put the old password back.
 */
export async function resetAdminAccount(
  db: Db,
  options: { username: string; dataDir: string; now?: Date },
): Promise<{ file: string; signedOut: number }> {
  const now = options.now ?? new Date();
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const file = path.resolve(options.dataDir, RESET_PASSWORD_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  // Removed first: a mode is only given to a file as it is created.
  await rm(file, { force: true });
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  const signedOut = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(adminUsers)
      .values({ username: options.username, passwordHash })
      .onConflictDoUpdate({ target: adminUsers.username, set: { passwordHash, updatedAt: now } })
      .returning({ id: adminUsers.id });
    await disableTwoFactor(tx, user!.id, now);
    const ended = await revokeSessions(tx, user!.id, now);
    await audit(tx, {
      actor: 'admin:reset',
      action: 'admin.reset',
      details: { username: options.username, signedOut: ended },
      at: now,
    });
    return ended;
  });
  return { file, signedOut };
}
