import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../domain/errors';
import { decodePageCursor } from '../domain/page-cursor';

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

/** The `cursor` of a list: the `nextCursor` of the page before, opaque (keyset pagination). */
export const PageCursorSchema = z
  .string()
  .refine((value) => decodePageCursor(value) !== null, 'expected the cursor of a page');
