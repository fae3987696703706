import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../domain/errors';

const errorCodes = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** The one shape of every API error: `{ error: { code, message } }`. */
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
