/** What the interface asks the user to do about an error (docs/spec.md section 8). */
export type ErrorAction = 'upload_different' | 'retry' | 'start_over' | 'contact_support';

/**
 * The error catalogue: every code that crosses the API, with the action it asks of the user.
 * The classified codes come from docs/spec.md section 8; the general ones cover HTTP-level failures.
 */
export const ERROR_CATALOGUE = {
  AI_INVALID_IMAGE_NO_PERSON: 'upload_different',
  AI_INVALID_IMAGE_NO_TOY: 'upload_different',
  AI_GENERATION_FAILED: 'retry',
  AI_TIMEOUT: 'retry',
  AI_NO_IMAGE_RETURNED: 'retry',
  AI_INVALID_RESPONSE: 'retry',
  AI_TEXT_RESPONSE: 'retry',
  IMAGE_LOAD_FAILED: 'retry',
  IMAGE_UPLOAD_FAILED: 'retry',
  IMAGE_NOT_FOUND: 'retry',
  IMAGE_INVALID_FORMAT: 'retry',
  IMAGE_TOO_SMALL: 'upload_different',
  GENERATION_LIMIT_REACHED: 'retry',
  VALIDATION_MISSING_PARAM: 'retry',
  VALIDATION_INVALID_PARAM: 'retry',
  JOB_DEPENDENCY_MISSING: 'start_over',
  JOB_INVALID_STATE: 'start_over',
  JOB_NOT_FOUND: 'start_over',
  DB_QUERY_FAILED: 'contact_support',
  DB_RECORD_NOT_FOUND: 'contact_support',
  DB_INSERT_FAILED: 'contact_support',
  DB_UPDATE_FAILED: 'contact_support',
  AI_API_KEY_MISSING: 'contact_support',
  ORDER_CREATE_FAILED: 'retry',
  PRICE_UNAVAILABLE: 'contact_support',
  ORDER_ALREADY_PAID: 'start_over',
  PAYMENT_SESSION_FAILED: 'retry',
  PAYMENT_NOT_RETRYABLE: 'start_over',
  WEBHOOK_SIGNATURE_INVALID: 'contact_support',
  REVIEW_NOT_ALLOWED: 'start_over',
  // "Your book" (issue 15): checkout pays for the current, approved version only; limits on drawing.
  BOOK_NOT_APPROVED: 'retry',
  BOOK_VERSION_SUPERSEDED: 'retry',
  REDRAW_LIMIT_REACHED: 'retry',
  PREVIEW_LIMIT_REACHED: 'retry',
  EXPORT_IN_PROGRESS: 'retry',
  // A cast's names changed in the reader (issue 35): not one name per child beside the lead.
  BOOK_NAMES_MISMATCH: 'retry',
  // The operator console (issue 17): an action the order's state does not allow; too large a refund.
  ADMIN_ACTION_NOT_ALLOWED: 'retry',
  REFUND_TOO_LARGE: 'retry',
  ADMIN_ADDRESS_INVALID: 'retry',
  // The grace period after payment (issue 36): over, or an address that does not fit the country.
  ORDER_GRACE_OVER: 'contact_support',
  ORDER_ADDRESS_INVALID: 'retry',
  // Promo codes (issue 18): a code the shop does not know, out of its dates, used up, or used before.
  PROMO_CODE_UNKNOWN: 'retry',
  PROMO_CODE_EXPIRED: 'retry',
  PROMO_CODE_USED_UP: 'retry',
  PROMO_CODE_ALREADY_USED: 'retry',
  PROMO_CODE_EXISTS: 'retry',
  REVIEW_EXISTS: 'start_over',
  NOT_FOUND: 'retry',
  UNAUTHENTICATED: 'retry',
  FORBIDDEN: 'contact_support',
  RATE_LIMITED: 'retry',
  PAYLOAD_TOO_LARGE: 'upload_different',
  SERVICE_UNAVAILABLE: 'retry',
  INTERNAL_ERROR: 'contact_support',
} as const satisfies Record<string, ErrorAction>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** True when a value is a code of the shared catalogue. */
function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The action for a code; an unknown code means retry (docs/spec.md section 8). */
export function actionForError(code: unknown): ErrorAction {
  return isErrorCode(code) ? ERROR_CATALOGUE[code] : 'retry';
}

/** Codes whose screen also says the service is unavailable (docs/spec.md section 8). */
export function isServiceUnavailable(code: unknown): boolean {
  return code === 'AI_API_KEY_MISSING' || code === 'SERVICE_UNAVAILABLE';
}
