import { ApiError, type Content, type GenerateContentResponse, GoogleGenAI } from '@google/genai';
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
import type { CoverResult, Illustrator } from './index';
import { checkPageRequest } from './page-request';
import {
  buildCoverPrompt,
  buildPagePrompt,
  NO_PERSON,
  NO_TOY,
  REFERENCE_LABELS,
  refusalWord,
} from './prompts';
import { coverImages, pageReferenceImages } from './reference-sheet';

export type { IllustratorLogger } from './hosted';

export type GeminiIllustratorOptions = HostedIllustratorOptions;

/** Finish reasons meaning a safety or policy filter stopped the image. */
const SAFETY_FINISH_REASONS = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'RECITATION',
  'IMAGE_RECITATION',
]);

/**
 * The Gemini adapter (`@google/genai`, `models.generateContent`): the photo goes as an inline JPEG
 * part beside the prompt; the cover comes back as an inline image part, or as a text answer
 * (NO_PERSON / NO_TOY when the photo has no person / toy). A page sends the character sheet (the
 * drawn child and toy), the approved covers and page 1 as reference images beside its prompt. The SDK does not retry (no `retryOptions`): requests go
 * through the hosted illustrators' one call path (`callHosted` in hosted.ts), which times them out
 * and asks again after a 429 or 5xx.
 */
export function createGeminiIllustrator({
  apiKey,
  model = 'gemini-2.5-flash-image',
  baseUrl,
  timeoutMs = 60_000,
  retry = DEFAULT_RETRY,
  logger = silentLogger,
}: GeminiIllustratorOptions): Illustrator {
  const key = apiKey?.trim() ?? '';
  // No client without a key: the SDK would otherwise fall back to GEMINI_API_KEY / GOOGLE_API_KEY.
  const ai = key
    ? new GoogleGenAI({
        apiKey: key,
        vertexai: false,
        ...(baseUrl ? { httpOptions: { baseUrl } } : {}),
      })
    : null;
  const redact = (text: string) => (key ? text.split(key).join('[redacted]') : text).slice(0, 300);

  /** One `generateContent` through the shared call path; the answer read, or the failure classified. */
  async function generate(
    client: GoogleGenAI,
    contents: Content[],
    log: Record<string, unknown>,
    signal: AbortSignal | undefined,
    read: { refusals: boolean; convert: (data: Buffer) => Promise<Buffer | null> },
  ): Promise<CoverResult> {
    return requestIllustration(
      (attemptSignal) =>
        client.models.generateContent({
          model,
          contents,
          config: {
            responseModalities: ['TEXT', 'IMAGE'],
            imageConfig: { aspectRatio: '1:1' },
            abortSignal: attemptSignal,
          },
        }),
      {
        timeoutMs,
        retry,
        signal,
        statusOf: geminiStatus,
        provider: 'Gemini',
        log,
        logger,
        timedOut: (timed) => timedOut(timed, logger),
        classify: (error, failed) => classifyError(error, failed, logger, redact),
        read: (response, timed) => interpretResponse(response, timed, logger, read),
      },
    );
  }

  return {
    kind: 'gemini',
    async generateCover(request, options) {
      if (!ai) {
        logger.warn({ provider: 'gemini' }, 'Illustration skipped: no Gemini API key is configured');
        return fail('AI_API_KEY_MISSING', ILLUSTRATION_MESSAGES.keyMissing);
      }
      if (request.photo.length === 0) return fail('VALIDATION_MISSING_PARAM', ILLUSTRATION_MESSAGES.noPhoto);
      const log = { provider: 'gemini', model, kind: request.kind };
      // The photo (a hero's face), then the sheet of the drawn look; a drawn toy sends only its sheet.
      const { photo, sheet } = await coverImages(request);
      const contents: Content[] = [
        {
          role: 'user',
          parts: [
            { text: buildCoverPrompt(request, { withRefusalAnswer: true, sheet: sheet?.shows }) },
            ...(photo ? [{ inlineData: { mimeType: 'image/jpeg', data: photo.toString('base64') } }] : []),
            ...(sheet
              ? [{ inlineData: { mimeType: 'image/png', data: sheet.image.toString('base64') } }]
              : []),
          ],
        },
      ];
      return generate(ai, contents, log, options?.signal, { refusals: photo !== undefined, convert: toPng });
    },

    async illustratePage(request, options) {
      if (!ai) {
        logger.warn({ provider: 'gemini' }, 'Illustration skipped: no Gemini API key is configured');
        return fail('AI_API_KEY_MISSING', ILLUSTRATION_MESSAGES.keyMissing);
      }
      const refused = checkPageRequest(request);
      if (refused) return refused;
      // The scene text is not logged: it may name the child.
      const log = {
        provider: 'gemini',
        model,
        kind: 'page',
        scene: request.scene.setting,
        style: request.style,
        page: request.pageNumber,
      };
      const contents: Content[] = [
        {
          role: 'user',
          parts: [
            { text: buildPagePrompt(request) },
            // The sheet (the drawn characters), the covers and page 1: three at most with both looks,
            // which Gemini handles best (prompts.ts `pageReferences`).
            ...(await pageReferenceImages(request)).flatMap(({ kind, image }, i) => [
              { text: `Reference image ${i + 1}, ${REFERENCE_LABELS[kind]}:` },
              { inlineData: { mimeType: imageMimeType(image), data: image.toString('base64') } },
            ]),
          ],
        },
      ];
      return generate(ai, contents, log, options?.signal, {
        // A page prompt asks for no refusal word: any text answer is just text.
        refusals: false,
        convert: (data) => toPagePng(data, request.size, request.style),
      });
    },
  };
}

function classifyError(
  error: unknown,
  log: Record<string, unknown>,
  logger: IllustratorLogger,
  redact: (text: string) => string,
): CoverResult {
  if (isAbort(error)) return timedOut(log, logger);
  if (error instanceof ApiError) {
    const detail = redact(error.message);
    if (isKeyRefusal(error.status, error.message)) {
      logger.warn({ ...log, status: error.status, detail }, 'Gemini refused the API key');
      return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.failed);
    }
    logger.warn({ ...log, status: error.status, detail }, 'Gemini answered with an HTTP error');
    return fail(
      'AI_GENERATION_FAILED',
      error.status === 429 ? ILLUSTRATION_MESSAGES.busy : ILLUSTRATION_MESSAGES.failed,
    );
  }
  if (error instanceof SyntaxError) {
    logger.warn(log, 'Gemini answered with a body that is not valid JSON');
    return fail('AI_INVALID_RESPONSE', ILLUSTRATION_MESSAGES.invalid);
  }
  const detail = redact(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  logger.warn({ ...log, detail }, 'Gemini call failed');
  return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.failed);
}

function timedOut(log: Record<string, unknown>, logger: IllustratorLogger): CoverResult {
  logger.warn(log, 'Gemini illustration timed out or was aborted');
  return fail('AI_TIMEOUT', ILLUSTRATION_MESSAGES.timeout);
}

/** The HTTP status of a failed request (0: Google was not reached), for the retry rule in hosted.ts. */
function geminiStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  // fetch's own failure: refused connection, reset, DNS.
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 0;
  return undefined;
}

/** A rejected key: 401/403, or Google's 400 INVALID_ARGUMENT with reason API_KEY_INVALID. */
function isKeyRefusal(status: number, message: string): boolean {
  if (status === 401 || status === 403) return true;
  return status === 400 && /API_KEY_INVALID|API key not valid|API key expired/i.test(message);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

async function interpretResponse(
  response: GenerateContentResponse,
  log: Record<string, unknown>,
  logger: IllustratorLogger,
  { refusals, convert }: { refusals: boolean; convert: (data: Buffer) => Promise<Buffer | null> },
): Promise<CoverResult> {
  if (!response || typeof response !== 'object') {
    logger.warn(log, 'Gemini answered with something that is not a response object');
    return fail('AI_INVALID_RESPONSE', ILLUSTRATION_MESSAGES.invalid);
  }
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) {
    logger.warn({ ...log, blockReason }, 'Gemini blocked the prompt');
    return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.safety);
  }
  const candidates = Array.isArray(response.candidates) ? response.candidates : [];
  const candidate = candidates[0];
  const parts = (Array.isArray(candidate?.content?.parts) ? candidate.content.parts : []).filter(
    (part) => part && !part.thought,
  );
  const finishReason = candidate?.finishReason;

  const imagePart = parts.find(
    (part) => typeof part.inlineData?.data === 'string' && part.inlineData.mimeType?.startsWith('image/'),
  );
  if (imagePart?.inlineData?.data) {
    const image = await convert(Buffer.from(imagePart.inlineData.data, 'base64'));
    if (!image) {
      logger.warn(
        { ...log, mimeType: imagePart.inlineData.mimeType },
        'Gemini returned an image that cannot be decoded',
      );
      return fail('AI_INVALID_RESPONSE', ILLUSTRATION_MESSAGES.invalid);
    }
    return { ok: true, image, mimeType: 'image/png' };
  }

  if (finishReason && SAFETY_FINISH_REASONS.has(finishReason)) {
    logger.warn({ ...log, finishReason }, 'Gemini stopped the image for safety');
    return fail('AI_GENERATION_FAILED', ILLUSTRATION_MESSAGES.safety);
  }
  const text = parts
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .join(' ')
    .trim();
  if (text) {
    const word = refusals ? refusalWord(text) : null;
    // The text itself is not logged: it may describe the child.
    logger.warn(
      { ...log, finishReason, refusal: word, textLength: text.length },
      'Gemini answered with text',
    );
    if (word === NO_PERSON) return fail('AI_INVALID_IMAGE_NO_PERSON', ILLUSTRATION_MESSAGES.noPerson);
    if (word === NO_TOY) return fail('AI_INVALID_IMAGE_NO_TOY', ILLUSTRATION_MESSAGES.noToy);
    return fail('AI_TEXT_RESPONSE', ILLUSTRATION_MESSAGES.text);
  }
  logger.warn({ ...log, finishReason, candidates: candidates.length }, 'Gemini returned no image');
  return fail('AI_NO_IMAGE_RETURNED', ILLUSTRATION_MESSAGES.noImage);
}
