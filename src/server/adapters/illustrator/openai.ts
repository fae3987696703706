import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  toFile,
} from 'openai';
import {
  DEFAULT_RETRY,
  fail,
  type HostedIllustratorOptions,
  ILLUSTRATION_MESSAGES,
  type IllustratorLogger,
  imageMimeType,
  requestIllustration,
  silentLogger,
  toPagePng,
  toPng,
} from './hosted';
import type { CoverRequest, CoverResult, Illustrator } from './index';
import { checkPageRequest } from './page-request';
import { buildCoverPrompt, buildPagePrompt } from './prompts';
import { coverImages, pageReferenceImages } from './reference-sheet';

/** The shop's offline photo check (`photo-check.ts`), given the cleaned JPEG. */
export type PhotoChecker = {
  hasPerson(jpeg: Buffer): Promise<{ ok: boolean }>;
  hasToy(jpeg: Buffer): Promise<{ ok: boolean }>;
};

export type OpenAiIllustratorOptions = HostedIllustratorOptions & {
  photoChecker?: PhotoChecker | undefined;
};

/** Error codes of OpenAI's safety system for images. */
const SAFETY_CODES = new Set(['moderation_blocked', 'content_policy_violation']);

/**
 * The OpenAI adapter (`openai`, `images.edit` with the photo as the input image, `input_fidelity:
 * 'high'` to keep the face or the toy recognisable; a page sends the two approved covers as its
 * input images). The SDK does not retry (`maxRetries: 0`): requests go through the hosted
 * illustrators' one call path (`callHosted` in hosted.ts), which times them out and asks again after
 * a 429 or 5xx; what still fails is returned as a classified error.
 *
 * An image edit always draws: unlike Gemini it cannot answer "NO_PERSON" / "NO_TOY". The person /
 * toy check for this adapter is the shop's offline photo check (`photo-check.ts`), run before the
 * call: pass it as `photoChecker`. Without one the photo goes to the model unchecked.
 */
export function createOpenAiIllustrator({
  apiKey,
  model = 'gpt-image-1',
  baseUrl,
  timeoutMs = 90_000,
  retry = DEFAULT_RETRY,
  photoChecker,
  logger = silentLogger,
}: OpenAiIllustratorOptions): Illustrator {
  const key = apiKey?.trim() ?? '';
  // No client without a key: the SDK would otherwise fall back to OPENAI_API_KEY (or throw).
  const client = key
    ? new OpenAI({
        apiKey: key,
        maxRetries: 0,
        // Explicit, so that OPENAI_LOG=debug cannot make the SDK print request bodies (the photo).
        logLevel: 'warn',
        ...(baseUrl ? { baseURL: baseUrl } : {}),
      })
    : null;
  const redact = (text: string) => (key ? text.split(key).join('[redacted]') : text).slice(0, 300);

  /** One `images.edit` through the shared call path; the answer read, or the failure classified. */
  async function edit(
    client: OpenAI,
    body: () => Promise<OpenAI.Images.ImageEditParamsNonStreaming>,
    log: Record<string, unknown>,
    signal: AbortSignal | undefined,
    convert: (data: Buffer) => Promise<Buffer | null>,
  ): Promise<CoverResult> {
    return requestIllustration(
      async (attemptSignal) => client.images.edit(await body(), { signal: attemptSignal }),
      {
        timeoutMs,
        retry,
        signal,
        statusOf: openAiStatus,
        provider: 'OpenAI',
        log,
        logger,
        timedOut: (timed) => timedOut(timed, logger),
        classify: (error, failed) => classifyError(error, failed, logger, redact),
        // The image's own log lines do not carry the time.
        read: (response) => readImage(response, log, logger, convert),
      },
    );
  }

  return {
    kind: 'openai',
    ...(photoChecker
      ? {
          checkPhoto: (kind: CoverRequest['kind'], jpeg: Buffer) =>
            kind === 'hero_generation' ? photoChecker.hasPerson(jpeg) : photoChecker.hasToy(jpeg),
        }
      : {}),
    async generateCover(request, options) {
      if (!client) {
        logger.warn({ provider: 'openai' }, 'Illustration skipped: no OpenAI API key is configured');
        return fail('AI_API_KEY_MISSING', ILLUSTRATION_MESSAGES.keyMissing);
      }
      if (request.photo.length === 0) return fail('VALIDATION_MISSING_PARAM', ILLUSTRATION_MESSAGES.noPhoto);
      const log = { provider: 'openai', model, kind: request.kind };

      if (photoChecker) {
        const refused = await checkPhoto(photoChecker, request, log, logger);
        if (refused) return refused;
      }

      // The photo (a hero's face), then the sheet of the drawn look; a drawn toy sends only its sheet.
      const { photo, sheet } = await coverImages(request);
      return edit(
        client,
        async () => ({
          model,
          image: [
            ...(photo ? [await toFile(photo, 'photo.jpg', { type: 'image/jpeg' })] : []),
            ...(sheet ? [await toFile(sheet.image, 'sheet.png', { type: 'image/png' })] : []),
          ],
          prompt: buildCoverPrompt(request, { withRefusalAnswer: false, sheet: sheet?.shows }),
          size: '1024x1024',
          input_fidelity: 'high',
        }),
        log,
        options?.signal,
        toPng,
      );
    },

    async illustratePage(request, options) {
      if (!client) {
        logger.warn({ provider: 'openai' }, 'Illustration skipped: no OpenAI API key is configured');
        return fail('AI_API_KEY_MISSING', ILLUSTRATION_MESSAGES.keyMissing);
      }
      const refused = checkPageRequest(request);
      if (refused) return refused;
      // The scene text is not logged: it may name the child.
      const log = {
        provider: 'openai',
        model,
        kind: 'page',
        scene: request.scene.setting,
        style: request.style,
        page: request.pageNumber,
      };
      // The sheet (the drawn characters), the covers, then page 1: the prompt names them in this
      // order (prompts.ts `pageReferences`). Drawn once, sent with every attempt.
      const references = await pageReferenceImages(request);
      return edit(
        client,
        async () => ({
          model,
          image: await Promise.all(
            references.map(({ kind, image }) => {
              const type = imageMimeType(image);
              return toFile(image, `${kind}.${type.slice('image/'.length)}`, { type });
            }),
          ),
          prompt: buildPagePrompt(request),
          size: '1024x1024',
          input_fidelity: 'high',
        }),
        log,
        options?.signal,
        (data) => toPagePng(data, request.size, request.style),
      );
    },
  };
}

/** The first image of an answer, converted; or the classified error of an answer without one. */
async function readImage(
  response: OpenAI.Images.ImagesResponse,
  log: Record<string, unknown>,
  logger: IllustratorLogger,
  convert: (data: Buffer) => Promise<Buffer | null>,
): Promise<CoverResult> {
  // A body that is not JSON comes back from the SDK as a plain string.
  if (response === null || typeof response !== 'object') {
    logger.warn(log, 'OpenAI answered with something that is not a response object');
    return fail('AI_INVALID_RESPONSE', ILLUSTRATION_MESSAGES.invalid);
  }
  const data = response.data;
  const b64 = Array.isArray(data) ? data[0]?.b64_json : undefined;
  if (typeof b64 !== 'string' || b64.length === 0) {
    logger.warn({ ...log, images: Array.isArray(data) ? data.length : 0 }, 'OpenAI returned no image');
    return fail('AI_NO_IMAGE_RETURNED', ILLUSTRATION_MESSAGES.noImage);
  }
  const image = await convert(Buffer.from(b64, 'base64'));
  if (!image) {
    logger.warn(log, 'OpenAI returned an image that cannot be decoded');
    return fail('AI_INVALID_RESPONSE', ILLUSTRATION_MESSAGES.invalid);
  }
  return { ok: true, image, mimeType: 'image/png' };
}

/**
 * Runs the offline person / toy check. A photo it cannot decode is IMAGE_INVALID_FORMAT; a checker
 * that crashes otherwise does not block the order: the photo goes on to the model, and it is logged.
 */
async function checkPhoto(
  checker: PhotoChecker,
  request: CoverRequest,
  log: Record<string, unknown>,
  logger: IllustratorLogger,
): Promise<CoverResult | null> {
  const hero = request.kind === 'hero_generation';
  try {
    const verdict = hero ? await checker.hasPerson(request.photo) : await checker.hasToy(request.photo);
    if (verdict.ok) return null;
  } catch (error) {
    // photo-check.ts throws UndecodablePhotoError (matched by name, so as not to load its models).
    if (error instanceof Error && error.name === 'UndecodablePhotoError') {
      logger.warn(log, 'Photo check could not decode the photo');
      return fail('IMAGE_INVALID_FORMAT', ILLUSTRATION_MESSAGES.badPhoto);
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    logger.warn({ ...log, detail: detail.slice(0, 300) }, 'Photo check failed; sending the photo unchecked');
    return null;
  }
  logger.warn(log, hero ? 'Photo check found no person' : 'Photo check found no toy');
  return hero
    ? fail('AI_INVALID_IMAGE_NO_PERSON', ILLUSTRATION_MESSAGES.noPerson)
    : fail('AI_INVALID_IMAGE_NO_TOY', ILLUSTRATION_MESSAGES.noToy);
}

function timedOut(log: Record<string, unknown>, logger: IllustratorLogger): CoverResult {
  logger.warn(log, 'OpenAI illustration timed out or was aborted');
  return fail('AI_TIMEOUT', ILLUSTRATION_MESSAGES.timeout);
}

/** The HTTP status of a failed request (0: OpenAI was not reached), for the retry rule in hosted.ts. */
function openAiStatus(error: unknown): number | undefined {
  if (error instanceof APIConnectionError) return 0;
  if (error instanceof APIError) return error.status;
  return undefined;
}

function classifyError(
  error: unknown,
  log: Record<string, unknown>,
  logger: IllustratorLogger,
  redact: (text: string) => string,
): CoverResult {
  // Order matters: the timeout and abort errors are subclasses of APIError.
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) {
    return timedOut(log, logger);
  }
  if (error instanceof APIConnectionError) {
    logger.warn({ ...log, detail: redact(error.message) }, 'OpenAI could not be reached');
    return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.failed);
  }
  if (error instanceof APIError) {
    const details = { ...log, status: error.status, code: error.code, detail: redact(error.message) };
    if (error.status === 400 && typeof error.code === 'string' && SAFETY_CODES.has(error.code)) {
      logger.warn(details, 'OpenAI safety system blocked the image');
      return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.safety);
    }
    if (error.status === 401 || error.status === 403) {
      logger.warn(details, 'OpenAI refused the API key');
      return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.failed);
    }
    logger.warn(details, 'OpenAI answered with an HTTP error');
    return fail(
      'AI_GENERATION_FAILED',
      error.status === 429 ? ILLUSTRATION_MESSAGES.busy : ILLUSTRATION_MESSAGES.failed,
    );
  }
  if (error instanceof SyntaxError) {
    logger.warn(log, 'OpenAI answered with a body that is not valid JSON');
    return fail('AI_INVALID_RESPONSE', ILLUSTRATION_MESSAGES.invalid);
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return timedOut(log, logger);
  }
  const detail = redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  logger.warn({ ...log, detail }, 'OpenAI call failed');
  return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.failed);
}
