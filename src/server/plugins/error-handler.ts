import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorResponse } from '../../shared/contracts/common';
import type { ErrorCode } from '../../shared/domain/errors';
import { AppError } from '../errors';

const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again.';

function classify(error: FastifyError | AppError | Error): {
  status: number;
  code: ErrorCode;
  message: string;
} {
  if (error instanceof AppError)
    return { status: error.statusCode, code: error.code, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath
      ? ` at ${first.instancePath.replace(/^\//, '').replaceAll('/', '.')}`
      : '';
    return {
      status: 400,
      code: 'VALIDATION_INVALID_PARAM',
      message: `Invalid request${where}: ${first?.message ?? 'bad input'}`,
    };
  }
  if (error instanceof ZodError) {
    // A body checked by a shared schema inside a service (one route, several step shapes).
    const first = error.issues[0];
    const where = first?.path.length ? ` at ${first.path.join('.')}` : '';
    return {
      status: 400,
      code: 'VALIDATION_INVALID_PARAM',
      message: `Invalid request${where}: ${first?.message ?? 'bad input'}`,
    };
  }
  if (isResponseSerializationError(error))
    return { status: 500, code: 'INTERNAL_ERROR', message: GENERIC_MESSAGE };
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', message: 'The upload is too large.' };
  if (status === 429) return { status, code: 'RATE_LIMITED', message: error.message };
  if (status === 404) return { status, code: 'NOT_FOUND', message: error.message };
  if (status >= 400 && status < 500)
    return { status, code: 'VALIDATION_INVALID_PARAM', message: error.message };
  return { status, code: 'INTERNAL_ERROR', message: GENERIC_MESSAGE };
}

/**
 * The one error handler: every failure leaves as `{ error: { code, message } }`. Server faults
 * (5xx) are logged with their details and answered with a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const { status, code, message } = classify(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code, status }, message);
    }
    // An AppError's message is written for the user; any other fault's details stay in the log.
    const shown = status < 500 || error instanceof AppError ? message : GENERIC_MESSAGE;
    const body: ErrorResponse = { error: { code, message: shown } };
    return reply.status(status).send(body);
  });
}
