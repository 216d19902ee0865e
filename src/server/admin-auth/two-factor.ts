import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetup, TwoFactorStatus } from '../../domain/api/admin-account.ts';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { adminRecoveryCodes, adminUsers } from '../db/schema.ts';
import { badRequest, conflict, HttpError } from '../errors.ts';
import type { SealedSecret, SecretBox } from '../settings/secret-box.ts';

/**
 * Two-step sign-in with an authenticator app: TOTP (RFC 6238) with the parameters every app supports (SHA-1,
 * 6 digits, 30-second steps), plus ten one-time recovery codes. The secret is stored sealed with the server's
 * secret box, so a copy of the database alone does not give it away.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are accepted: a phone's clock a little off (RFC 6238 section 5.2). */
const TOTP_WINDOW = 1;
const ISSUER = 'The Tower';
const SECRET_PURPOSE = 'admin-totp-secret';
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/i/l: a code copied by hand is read back right. 31 symbols, 12 of them: about 59 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;

/** A wrong code: 401 at the login (not signed in), 400 where a signed-in owner confirms a change. */
const invalidCode = (status: 400 | 401 = 400) =>
  new HttpError(
    status,
    'invalid_code',
    'That code is not right. Enter the 6 digits your authenticator app shows now (each code works once), or one of your recovery codes.',
  );

const totpOf = (secretBase32: string, username: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A recovery code as typed (any case, spaces or dashes) to the form whose hash is stored. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < RECOVERY_GROUPS; g++) {
    let group = '';
    for (let i = 0; i < RECOVERY_GROUP_LENGTH; i++)
      group += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

type TwoFactorUser = Pick<
  typeof adminUsers.$inferSelect,
  'id' | 'username' | 'twoFactorSecret' | 'twoFactorEnabledAt'
>;

export type TwoFactor = ReturnType<typeof createTwoFactor>;

export function createTwoFactor(deps: { db: Db; clock: Clock; secretBox: SecretBox }) {
  const { db, clock, secretBox } = deps;

  /** The TOTP step a code matches (within the window), or null. */
  function matchingStep(secretBase32: string, username: string, code: string): number | null {
    const timestamp = clock.now().getTime();
    const delta = totpOf(secretBase32, username).validate({ token: code, timestamp, window: TOTP_WINDOW });
    if (delta === null) return null;
    return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  }

  /** The secret box refuses when SECRET_KEY (or the key file) changed since the set-up: say what to do. */
  async function openSecret(sealed: SealedSecret): Promise<string> {
    try {
      return await secretBox.open(sealed, SECRET_PURPOSE);
    } catch {
      throw conflict(
        "Two-step sign-in cannot check codes: the server's secret key changed since it was set up. Run npm run admin:reset on the server to turn it off, then set it up again.",
        'two_factor_key_lost',
      );
    }
  }

  async function readUser(userId: number) {
    const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
    if (!user) throw badRequest('This account no longer exists.', 'unknown_account');
    return user;
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const user = await readUser(userId);
      const [left] = await db
        .select({ n: count() })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
      const enabled = user.twoFactorSecret !== null;
      return {
        enabled,
        enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
      };
    },

    /** A new secret, kept aside until `enable` proves the app has it. */
    async setup(userId: number): Promise<TwoFactorSetup> {
      const user = await readUser(userId);
      if (user.twoFactorSecret)
        throw conflict(
          'Two-step sign-in is already on. Turn it off first to move it to another app.',
          'two_factor_enabled',
        );
      const secret = new Secret({ size: 20 }).base32; // 160 bits, as RFC 4226 recommends
      await db
        .update(adminUsers)
        .set({ twoFactorPendingSecret: await secretBox.seal(secret, SECRET_PURPOSE), updatedAt: clock.now() })
        .where(eq(adminUsers.id, userId));
      const otpauthUrl = totpOf(secret, user.username).toString();
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUrl,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Turns it on with a code of the set-up's secret; the ten recovery codes, shown to the owner once. */
    async enable(userId: number, code: string): Promise<string[]> {
      const user = await readUser(userId);
      if (user.twoFactorSecret) throw conflict('Two-step sign-in is already on.', 'two_factor_enabled');
      if (!user.twoFactorPendingSecret)
        throw conflict(
          'Start the set-up first: scan the QR code, then enter the code.',
          'two_factor_not_set_up',
        );
      const secret = await openSecret(user.twoFactorPendingSecret);
      const step = matchingStep(secret, user.username, code.replace(/\s/g, ''));
      if (step === null) throw invalidCode();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(adminUsers)
          .set({
            twoFactorSecret: user.twoFactorPendingSecret,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: now,
            twoFactorLastStep: step, // the code just entered cannot sign in
            updatedAt: now,
          })
          .where(eq(adminUsers.id, userId));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
        await tx
          .insert(adminRecoveryCodes)
          .values(codes.map((one) => ({ codeHash: hashRecoveryCode(one), userId, createdAt: now })));
      });
      return codes;
    },

    /**
     * True when `code` is a TOTP code of a step later than the last one accepted, or an unused recovery code;
     * either is then used up, atomically, so two requests racing with one code cannot both pass.
     */
    async spendCode(user: TwoFactorUser, code: string): Promise<boolean> {
      if (!user.twoFactorSecret) return false;
      const digits = code.replace(/\s/g, '');
      if (/^\d+$/.test(digits)) {
        if (digits.length !== TOTP_DIGITS) return false;
        const secret = await openSecret(user.twoFactorSecret);
        const step = matchingStep(secret, user.username, digits);
        if (step === null) return false;
        const used = await db
          .update(adminUsers)
          .set({ twoFactorLastStep: step })
          .where(
            and(
              eq(adminUsers.id, user.id),
              or(isNull(adminUsers.twoFactorLastStep), lt(adminUsers.twoFactorLastStep, step)),
            ),
          )
          .returning({ id: adminUsers.id });
        return used.length === 1;
      }
      const used = await db
        .update(adminRecoveryCodes)
        .set({ usedAt: clock.now() })
        .where(
          and(
            eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
            eq(adminRecoveryCodes.userId, user.id),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ userId: adminRecoveryCodes.userId });
      return used.length === 1;
    },

    /** The refusal of a wrong code, for routes that check one. */
    invalidCode,
  };
}

/** Turns two-step sign-in off and forgets its recovery codes (the owner's choice, or `npm run admin:reset`). */
export async function disableTwoFactor(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(adminUsers)
    .set({
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: null,
      twoFactorLastStep: null,
      updatedAt: now,
    })
    .where(eq(adminUsers.id, userId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
}
