import type { ErrorResponse } from '../../../../shared/contracts/common';

/** A failed checkout or order call: the HTTP status (0 when the server was not reached) and the code. */
export class CheckoutApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutApiError';
  }
}

type RequestInit = {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal | undefined;
};

/**
 * Calls the shop's API with the session cookie; a non-2xx answer becomes a CheckoutApiError with the
 * code of the shared catalogue when the body has one.
 */
export async function checkoutRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const method = init.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new CheckoutApiError(0, undefined, 'network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorResponse> | undefined;
    throw new CheckoutApiError(
      response.status,
      body?.error?.code,
      body?.error?.message ?? `${response.status} ${response.statusText}`,
    );
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof CheckoutApiError ? error.status : undefined;

export const codeOf = (error: unknown): string | undefined =>
  error instanceof CheckoutApiError ? error.code : undefined;

/** A 4xx will not change by asking again; anything else (network, 5xx) gets one more try. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}
