import { describe, expect, it } from 'vitest';
import { describeSmtpError } from './smtp-errors.ts';

const smtpError = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });

describe('describeSmtpError', () => {
  it.each([
    [
      'EAUTH',
      'login',
      'Invalid login: 535 5.7.8 Bad credentials',
      'The mail server refused the login: Invalid login: 535 5.7.8 Bad credentials',
    ],
    [
      'ESOCKET',
      'send',
      'connect ECONNREFUSED 127.0.0.1:2525',
      'Could not connect to the mail server: connect ECONNREFUSED 127.0.0.1:2525',
    ],
    [
      'ETIMEDOUT',
      'send',
      'Greeting never received',
      'The mail server did not answer in time: Greeting never received',
    ],
    [
      'ETLS',
      'login',
      'unable to verify the first certificate',
      'The secure (TLS) connection to the mail server failed: unable to verify the first certificate',
    ],
    [
      'EENVELOPE',
      'send',
      "Can't send mail - all recipients were rejected: 550 No such mailbox",
      "The mail server refused the sender or recipient: Can't send mail - all recipients were rejected: 550 No such mailbox",
    ],
    [undefined, 'login', 'something odd', 'Logging in to the mail server failed: something odd'],
    [undefined, 'send', 'something odd', 'Sending the e-mail failed: something odd'],
  ] as const)('%s while %s', (code, step, message, expected) => {
    expect(describeSmtpError(smtpError(code, message), step)).toBe(expected);
  });

  it('says what failed even when the server gave no words', () => {
    expect(describeSmtpError(smtpError('EAUTH', ''), 'login')).toBe('The mail server refused the login.');
  });
});
