import type { ErrorCode } from '../../shared/domain/errors';

/**
 * A code the API answers with: one of the shared catalogue, or one of the account API's own
 * (better-auth plus the shop's sign-in checks), which are not in the catalogue.
 */
export type ApiErrorCode = ErrorCode | AuthErrorCode;

/**
 * Codes the account API answers with. They live on the client for now; they can move to src/shared
 * once the server exports its catalogue of auth codes.
 */
export const AUTH_ERROR_CODES = [
  'INVALID_EMAIL_OR_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'TOO_MANY_FAILED_SIGN_INS',
  'RATE_LIMITED',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_COMMON',
  'INVALID_EMAIL',
  'INVALID_TOKEN',
  'EMAIL_NOT_SENT',
] as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/**
 * Every failed API call: the HTTP status (0 when the server was not reached) and the code the body
 * carried. `code` is undefined when the answer was not the API's error shape (a proxy's HTML page,
 * a network failure); the server may also send a code this build does not know yet, hence `string`.
 */
export class ApiError extends Error {
  readonly retryAfterMinutes: number | undefined;

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | (string & {}) | undefined,
    message: string,
    /** Only on TOO_MANY_FAILED_SIGN_INS: when the account may try again. */
    retryAfterMinutes?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.retryAfterMinutes = retryAfterMinutes;
  }
}

export type ApiRequestInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  signal?: AbortSignal | undefined;
};

function readError(status: number, statusText: string, body: unknown): ApiError {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  if (typeof error === 'object' && error !== null) {
    const { code, message, retryAfterMinutes } = error as Record<string, unknown>;
    if (typeof code === 'string' && code !== '') {
      return new ApiError(
        status,
        code,
        typeof message === 'string' ? message : '',
        typeof retryAfterMinutes === 'number' ? retryAfterMinutes : undefined,
      );
    }
  }
  return new ApiError(status, undefined, `${status} ${statusText}`.trim());
}

/**
 * Calls the shop's API. Sessions (account and wizard) live in httpOnly cookies, so the request
 * carries the site's cookies and no token passes through page scripts. A 204 gives undefined; a
 * non-2xx answer, a network failure or a 2xx whose body is not JSON throws an ApiError.
 * An aborted call rethrows the abort so React Query can tell it from a failure.
 */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const method = init.method ?? (init.json === undefined && init.form === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, undefined, 'network error');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Every other answer of the API is JSON; anything else came from something in between.
    if (response.ok) throw new ApiError(response.status, undefined, 'unreadable answer');
  }
  if (!response.ok) throw readError(response.status, response.statusText, body);
  return body as T;
}

/** The status of a failed call (0: the server was not reached), undefined for any other error. */
export const statusOf = (error: unknown): number | undefined =>
  error instanceof ApiError ? error.status : undefined;

/** The code of a failed call, if its answer had one. */
export const codeOf = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;

export const isNotFound = (error: unknown): boolean => statusOf(error) === 404;

/** A 4xx will not change by asking again; anything else (network, 5xx) gets one more try. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}
