import type { ErrorResponse } from '../../../../shared/contracts/common';

/** An API answer other than 2xx, with the error code of the shared catalogue when the body has one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** GETs JSON from the shop's API; a non-2xx answer becomes an ApiError. */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorResponse> | undefined;
    throw new ApiError(
      response.status,
      body?.error?.code,
      body?.error?.message ?? `${response.status} ${response.statusText}`,
    );
  }
  return (await response.json()) as T;
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** A 4xx will not change by asking again; anything else (network, 5xx) gets one more try. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
