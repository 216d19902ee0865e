import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgErrorCode } from '../db/database.ts';
import { HttpError } from '../errors.ts';

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value it cannot store or read, e.g. 22P05 untranslatable
 * character, 22021 bad byte sequence, 22003 number out of range, 22008 date out of range) are the client's bad
 * input that the request schemas let through: a 400 with a sentence, never a 500
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
function dataExceptionMessage(code: string): string {
  switch (code) {
    case '22P05':
    case '22021':
      return 'The request contains characters that cannot be stored. Remove any control characters and try again.';
    case '22003':
      return 'A number in the request is too large or too small.';
    case '22007':
    case '22008':
      return 'A date in the request is not valid or too far from today.';
    default:
      return 'A value in the request is not valid.';
  }
}

/** Fastify's own client errors: a malformed JSON body, a body too large, a bad content type… */
const FRAMEWORK_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
};

/**
 * Fastify's own answer to an address it cannot route (a broken %-escape, an overlong parameter), in our shape.
 * Given to Fastify's `frameworkErrors` option: these happen before any route, so no error handler sees them.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ error: 'bad_request', message: 'A part of the address of this request is too long.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({
      error: 'bad_request',
      message: 'The address of this request is not valid: a % must begin an escape such as %20.',
    });
  }
  return reply.send(error);
}

/** A person-readable sentence from zod's validation issues: "checkInDate: Invalid date". */
function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return where ? `${where}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  return error.message;
}

/**
 * Every non-2xx answer is `{ error, message }` with a sentence (spec README, "Errors"): the services' HttpErrors
 * as they are, a request that fails its route's schema as `invalid_input`, Fastify's client errors as
 * `bad_request`, a value PostgreSQL cannot store as `invalid_input`, and anything else as a logged 500.
 */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        return reply
          .status(error.statusCode)
          .send({ error: error.code, message: error.message, ...error.extra });
      }
      if (error.validation) {
        return reply.status(400).send({ error: 'invalid_input', message: describeValidation(error) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({
          error: 'bad_request',
          message: FRAMEWORK_CLIENT_ERRORS[error.code] ?? 'The request could not be understood.',
        });
      }
      const pgCode = pgErrorCode(error);
      if (pgCode?.startsWith('22')) {
        // The code and the route only: the refused value may be anything a client sent.
        request.log.warn(
          { pgCode, route: request.routeOptions.url },
          'the database refused a value of the request',
        );
        return reply.status(400).send({ error: 'invalid_input', message: dataExceptionMessage(pgCode) });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({
        error: 'internal_error',
        message: 'Something went wrong on our side. Please try again in a moment.',
      });
    });
  },
  { name: 'error-handler', fastify: '5.x' },
);
