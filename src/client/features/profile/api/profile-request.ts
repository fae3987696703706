import type { ErrorResponse } from '../../../../shared/contracts/common';

/** A failed profile call: the HTTP status (0 when the server was not reached) and the code. */
export class ProfileApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ProfileApiError';
  }
}

type RequestInit = {
  method?: 'GET' | 'POST' | 'DELETE';
  signal?: AbortSignal | undefined;
};

/**
 * Calls the shop's API with the session cookie; a non-2xx answer becomes a ProfileApiError with the
 * code of the shared catalogue when the body has one. A 204 gives undefined.
 */
export async function profileRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ProfileApiError(0, undefined, 'network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorResponse> | undefined;
    throw new ProfileApiError(
      response.status,
      body?.error?.code,
      body?.error?.message ?? `${response.status} ${response.statusText}`,
    );
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof ProfileApiError ? error.status : undefined;

/** A 4xx will not change by asking again; anything else (network, 5xx) gets one more try. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** Every query of this page sits under this key, so a sign-out or account deletion drops them all. */
export const PROFILE_QUERY_KEY = ['profile'] as const;
