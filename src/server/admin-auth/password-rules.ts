import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from '../../domain/api/admin-account.ts';

/**
 * The rules of a new admin password, on the server: at least NEW_PASSWORD_MIN_LENGTH characters and not guessable
 * from lists of common passwords. zxcvbn-ts with its common dictionary (about 50,000 leaked passwords, keyboard
 * patterns, repeats and sequences) estimates the guesses; NIST SP 800-63B section 3.1.1.2 asks to refuse passwords
 * "obtained from previous breach corpuses" and "repetitive or sequential characters". Score 3 is zxcvbn's
 * "safely unguessable" (about 10^8 guesses and more). A check takes a few milliseconds.
 */
export const MIN_ZXCVBN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
const strength = () => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

/** Why the password is refused, as a sentence for the owner; null when it is fine. */
export function newPasswordProblem(password: string, context: { username: string }): string | null {
  if (password.length < NEW_PASSWORD_MIN_LENGTH)
    return `The new password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > NEW_PASSWORD_MAX_LENGTH)
    return `The new password can be at most ${NEW_PASSWORD_MAX_LENGTH} characters.`;
  const result = strength().check(password, [context.username, 'the tower', 'admin']);
  if (result.score >= MIN_ZXCVBN_SCORE) return null;
  const common = result.sequence.some((part) => part.pattern === 'dictionary');
  return common
    ? 'This password is on lists of common passwords that attackers try first. Choose another: a few words of your own make a strong one.'
    : 'This password is too easy to guess (a repeat, a sequence or a keyboard pattern). Choose another: a few words of your own make a strong one.';
}
