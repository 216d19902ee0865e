/**
 * Every non-2xx answer of the API is `{ error: <machine_code>, message: <a sentence for a person> }` plus any
 * fields an issue names (spec README, "Errors"). Services throw these; the app's error handler sends them.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export const badRequest = (message: string, code = 'invalid_input', extra?: Record<string, unknown>) =>
  new HttpError(400, code, message, extra);
export const unauthorized = (message = 'Please log in to continue.') =>
  new HttpError(401, 'unauthorized', message);
export const paymentRequired = (
  message: string,
  code = 'payment_not_succeeded',
  extra?: Record<string, unknown>,
) => new HttpError(402, code, message, extra);
export const notFound = (message: string, code = 'not_found') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict', extra?: Record<string, unknown>) =>
  new HttpError(409, code, message, extra);
export const badGateway = (message: string, code = 'upstream_failed') => new HttpError(502, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(
    429,
    'too_many_requests',
    message,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
