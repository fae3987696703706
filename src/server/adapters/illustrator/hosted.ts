import sharp from 'sharp';
import type { ErrorCode } from '../../../shared/domain/errors';
import type { CoverResult, PageStyle } from './index';

/** Where a hosted adapter reports failures (a pino / Fastify logger fits). Never given photos, images or keys. */
export type IllustratorLogger = { warn(details: Record<string, unknown>, message: string): void };

export const silentLogger: IllustratorLogger = { warn() {} };

/** What both hosted illustrators are configured with. */
export type HostedIllustratorOptions = {
  apiKey?: string | undefined;
  model?: string;
  /**
   * Another endpoint than the provider's (tests point it at a local fake); for OpenAI it includes the
   * version path (e.g. `http://127.0.0.1:4000/v1`).
   */
  baseUrl?: string | undefined;
  /** How long one request may take. */
  timeoutMs?: number;
  /** When a busy or failing service is asked again (`RetryPolicy`). */
  retry?: RetryPolicy;
  logger?: IllustratorLogger;
};

/**
 * The texts the hosted illustrators show the user (docs/spec.md section 8: the server message is
 * shown when a code is present).
 */
export const ILLUSTRATION_MESSAGES = {
  keyMissing: 'The illustration service is not available right now. Please contact support.',
  safety:
    'The illustration service could not draw this photo. Please try again, or upload a different photo.',
  busy: 'The illustration service is busy right now. Please try again in a moment.',
  failed: 'Image generation failed. Please try again in a moment.',
  timeout: 'Image generation is taking longer than expected. Please try again.',
  invalid: 'The illustration service sent an unreadable answer. Please try again.',
  noImage: 'No image was generated. Please try again.',
  text: 'The illustration service answered with text instead of a picture. Please try again.',
  noPerson: 'No person was detected in the photo. Please upload a photo that shows the child.',
  noToy: 'No plush toy was detected in the photo. Please upload a photo that shows the toy.',
  noPhoto: 'No picture was provided.',
  badPhoto: 'The photo could not be read. Please upload it again.',
} as const;

/** The largest image decoded from a model's answer (they return about 1 MP). */
const MAX_IMAGE_PIXELS = 40_000_000;

export function fail(code: ErrorCode, message: string): CoverResult {
  return { ok: false, code, message };
}

/** The image as PNG (JPEG / WebP answers are converted), or null when it cannot be decoded. */
export async function toPng(data: Buffer): Promise<Buffer | null> {
  if (data.length === 0) return null;
  try {
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * A model's page as the PNG the shop asked for: `size` x `size` (models answer about 1024 px, and not
 * always square), and pure grey for a coloring page. Null when the image cannot be decoded.
 */
export async function toPagePng(data: Buffer, size: number, style: PageStyle): Promise<Buffer | null> {
  if (data.length === 0) return null;
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize(size, size, { fit: 'cover', kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' });
    return await (style === 'line' ? image.toColourspace('b-w') : image).png().toBuffer();
  } catch {
    return null;
  }
}

/** The MIME type of an image from its first bytes (the covers are PNG; a JPEG or WebP is named as such). */
export function imageMimeType(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return 'image/png';
}

/**
 * How a hosted illustrator tries a request again: `attempts` requests at most (the first included),
 * waiting `delayMs` before the second and twice as long before each later one. Both hosted adapters
 * share it (and no SDK retries on its own), so Gemini and OpenAI behave the same on a busy service.
 */
export type RetryPolicy = { attempts: number; delayMs: number };

export const DEFAULT_RETRY: RetryPolicy = { attempts: 2, delayMs: 1_000 };

/**
 * True for an answer worth another request: 429 (busy), any 5xx, and 0 (the service was not
 * reached). A 4xx is the request's own fault (a refused key, a blocked photo): asking again changes
 * nothing. `undefined` (no HTTP status: a body that is not JSON) is not retried either.
 */
function isRetryableStatus(status: number | undefined): boolean {
  return status === 0 || status === 429 || (status !== undefined && status >= 500 && status <= 599);
}

export type HostedCallOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** What the last request threw (the adapter classifies it). */
      error: unknown;
      /** The last request ran out of `timeoutMs`, or the caller aborted. */
      timedOut: boolean;
      attempts: number;
    };

export type HostedCallOptions = {
  timeoutMs: number;
  retry: RetryPolicy;
  signal?: AbortSignal | undefined;
  statusOf: (error: unknown) => number | undefined;
  /** Told before each repeated request (for the log: never the request itself). */
  onRetry?: (details: { attempt: number; status: number | undefined; waitMs: number }) => void;
};

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The one call path of the hosted illustrators: runs `call` with a signal that ends after
 * `timeoutMs` (or when the caller aborts), and repeats it on a retryable failure (see
 * `isRetryableStatus`) as `retry` says. A timed-out request is not repeated: the parent has already
 * waited the whole timeout, and the wizard offers "try again". `statusOf` reads the HTTP status off
 * the SDK's error (0: not reached; undefined: not an HTTP failure).
 */
export async function callHosted<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: HostedCallOptions,
): Promise<HostedCallOutcome<T>> {
  const { signal: callerSignal, retry } = options;
  for (let attempt = 1; ; attempt += 1) {
    if (callerSignal?.aborted) {
      return { ok: false, error: callerSignal.reason, timedOut: true, attempts: attempt - 1 };
    }
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    try {
      return { ok: true, value: await call(signal) };
    } catch (error) {
      if (timeout.aborted || callerSignal?.aborted)
        return { ok: false, error, timedOut: true, attempts: attempt };
      const status = options.statusOf(error);
      if (attempt >= retry.attempts || !isRetryableStatus(status)) {
        return { ok: false, error, timedOut: false, attempts: attempt };
      }
      const waitMs = retry.delayMs * 2 ** (attempt - 1);
      options.onRetry?.({ attempt, status, waitMs });
      await wait(waitMs, callerSignal);
    }
  }
}

/**
 * One request of a hosted illustrator from start to picture: `callHosted`, then the answer read by
 * `read`, or the failure turned into a cover result by the adapter (`timedOut` for a request out of
 * time or aborted, `classify` for the rest, told how many attempts were made). The log lines carry
 * how long it took (`ms`).
 */
export async function requestIllustration<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: Omit<HostedCallOptions, 'onRetry'> & {
    /** The provider's name in the log's "… failed; asking again". */
    provider: string;
    log: Record<string, unknown>;
    logger: IllustratorLogger;
    timedOut: (log: Record<string, unknown>) => CoverResult;
    classify: (error: unknown, log: Record<string, unknown>) => CoverResult;
    read: (answer: T, log: Record<string, unknown>) => Promise<CoverResult>;
  },
): Promise<CoverResult> {
  const { log, logger } = options;
  const started = Date.now();
  const outcome = await callHosted(call, {
    ...options,
    onRetry: (details) => logger.warn({ ...log, ...details }, `${options.provider} failed; asking again`),
  });
  const timed = { ...log, ms: Date.now() - started };
  if (!outcome.ok) {
    return outcome.timedOut
      ? options.timedOut(timed)
      : options.classify(outcome.error, { ...timed, attempts: outcome.attempts });
  }
  return options.read(outcome.value, timed);
}
