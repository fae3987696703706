/**
 * Codes the account API answers with (better-auth plus the shop's own checks). They live on the
 * client for now; they can move to src/shared once the server exports its catalogue of auth codes.
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

export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(value);
}

/** A failed account call: the server's code and (English) message, or a network failure. */
export class AuthError extends Error {
  readonly code: string;
  readonly status: number;
  /** Only on TOO_MANY_FAILED_SIGN_INS: when the account may try again. */
  readonly retryAfterMinutes: number | undefined;

  constructor({
    code,
    message,
    status,
    retryAfterMinutes,
  }: {
    code: string;
    message: string;
    status: number;
    retryAfterMinutes?: number | undefined;
  }) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.status = status;
    this.retryAfterMinutes = retryAfterMinutes;
  }
}

/** Code of a failure that never reached the server (offline, DNS, blocked). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
/** Code of an answer that was not the API's error shape (a proxy's HTML page, for example). */
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

function readError(status: number, body: unknown): AuthError {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'object' && error !== null) {
    const { code, message, retryAfterMinutes } = error as Record<string, unknown>;
    if (typeof code === 'string' && code !== '') {
      return new AuthError({
        code,
        message: typeof message === 'string' ? message : '',
        status,
        retryAfterMinutes: typeof retryAfterMinutes === 'number' ? retryAfterMinutes : undefined,
      });
    }
  }
  return new AuthError({ code: UNKNOWN_ERROR, message: '', status });
}

/**
 * Calls the account API at /api/auth. The session lives in httpOnly cookies, so the browser sends
 * them (same origin) and no token ever passes through page scripts. Throws an AuthError.
 */
export async function authRequest<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}) {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(init.body ?? {}) } : {}),
    });
  } catch {
    throw new AuthError({ code: NETWORK_ERROR, message: '', status: 0 });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new AuthError({ code: UNKNOWN_ERROR, message: '', status: response.status });
  }
  if (!response.ok) throw readError(response.status, body);
  return body as T;
}
