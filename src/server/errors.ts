import type { ErrorCode } from '../shared/domain/errors';

/** The HTTP status each catalogue code is answered with. */
const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  NOT_FOUND: 404,
  DB_RECORD_NOT_FOUND: 404,
  IMAGE_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION_MISSING_PARAM: 400,
  VALIDATION_INVALID_PARAM: 400,
  IMAGE_INVALID_FORMAT: 400,
  IMAGE_TOO_SMALL: 422,
  GENERATION_LIMIT_REACHED: 429,
  AI_INVALID_IMAGE_NO_PERSON: 422,
  AI_INVALID_IMAGE_NO_TOY: 422,
  JOB_INVALID_STATE: 409,
  JOB_DEPENDENCY_MISSING: 409,
  AI_API_KEY_MISSING: 503,
  SERVICE_UNAVAILABLE: 503,
  AI_TIMEOUT: 504,
  PRICE_UNAVAILABLE: 503,
  ORDER_ALREADY_PAID: 409,
  PAYMENT_SESSION_FAILED: 502,
  PAYMENT_NOT_RETRYABLE: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
  REVIEW_NOT_ALLOWED: 409,
  REVIEW_EXISTS: 409,
  BOOK_NOT_APPROVED: 409,
  BOOK_VERSION_SUPERSEDED: 409,
  REDRAW_LIMIT_REACHED: 429,
  PREVIEW_LIMIT_REACHED: 429,
  EXPORT_IN_PROGRESS: 429,
  BOOK_NAMES_MISMATCH: 400,
  ADMIN_ACTION_NOT_ALLOWED: 409,
  REFUND_TOO_LARGE: 409,
  ADMIN_ADDRESS_INVALID: 400,
  ORDER_GRACE_OVER: 409,
  ORDER_ADDRESS_INVALID: 400,
  PROMO_CODE_UNKNOWN: 422,
  PROMO_CODE_EXPIRED: 409,
  PROMO_CODE_USED_UP: 409,
  PROMO_CODE_ALREADY_USED: 409,
  PROMO_CODE_EXISTS: 409,
};

/** The status for a code: as mapped above, else 500 (a failure of ours, not of the request). */
function statusForCode(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 500;
}

/**
 * The one error class of the server. Its message is shown to the user for 4xx; for 5xx the error
 * handler logs it and answers with a generic text instead.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; statusCode?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = options?.statusCode ?? statusForCode(code);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
