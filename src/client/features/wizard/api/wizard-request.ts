import type { ErrorResponse } from '../../../../shared/contracts/common';

/** A failed wizard call: the HTTP status (0 when the server was not reached) and the catalogue code. */
export class WizardApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'WizardApiError';
  }
}

type RequestInit = {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  signal?: AbortSignal;
};

/**
 * Calls the wizard API. The wizard session lives in an httpOnly cookie the server sets, so the
 * request carries the site's cookies; a non-2xx answer becomes a WizardApiError.
 */
export async function wizardRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const method = init.method ?? (init.json === undefined && init.form === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(`/api/wizard${path}`, {
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
    throw new WizardApiError(0, undefined, 'network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ErrorResponse> | undefined;
    throw new WizardApiError(
      response.status,
      body?.error?.code,
      body?.error?.message ?? `${response.status} ${response.statusText}`,
    );
  }
  return (await response.json()) as T;
}

/** The catalogue code of a failed call, if it had one. */
export const errorCodeOf = (error: unknown): string | undefined =>
  error instanceof WizardApiError ? error.code : undefined;
