/**
 * The owner sees what went wrong with the mail server as a sentence that says what failed, followed by the server's
 * own words after the colon ('The mail server refused the login: 535 5.7.8 …'), never nodemailer's bare text.
 * Codes: nodemailer's error codes (its `errors.js`), plus Node's socket codes for a refused connection.
 */

export type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

const SENTENCES: Record<string, string> = {
  EAUTH: 'The mail server refused the login',
  ENOAUTH: 'The mail server refused the login',
  ECONNECTION: 'Could not connect to the mail server',
  ESOCKET: 'Could not connect to the mail server',
  ECONNREFUSED: 'Could not connect to the mail server',
  EDNS: 'The address of the mail server could not be found',
  ETIMEDOUT: 'The mail server did not answer in time',
  ETLS: 'The secure (TLS) connection to the mail server failed',
  EREQUIRETLS: 'The secure (TLS) connection to the mail server failed',
  EPROTOCOL: 'The mail server gave an answer that is not SMTP',
  EENVELOPE: 'The mail server refused the sender or recipient',
  EMESSAGE: 'The mail server refused the message',
};

/** What failed while logging in to check a password, or while sending a message. */
export type SmtpStep = 'login' | 'send';

/** A sentence for the owner: what failed, then the server's detail after a colon. */
export function describeSmtpError(caught: unknown, step: SmtpStep): string {
  const error = (caught ?? {}) as SmtpError;
  const detail = (caught instanceof Error ? error.message : String(caught ?? '')).trim();
  const sentence =
    SENTENCES[error.code ?? ''] ??
    (step === 'login' ? 'Logging in to the mail server failed' : 'Sending the e-mail failed');
  return detail ? `${sentence}: ${detail}` : `${sentence}.`;
}
