import { type FakeReply, type HttpFake, jsonReply, type RecordedRequest, startHttpFake } from './http-fake';

/** The path `@google/genai` calls for `models.generateContent` on the Gemini API. */
const GEMINI_PATH = /^\/v1beta\/models\/[^/]+:generateContent$/;

/** A local stand-in for `generativelanguage.googleapis.com` (only `generateContent`). */
export function startGeminiFake(): Promise<HttpFake> {
  return startHttpFake({ method: 'POST', path: GEMINI_PATH });
}

type Part = {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
};

/** An answer with the given parts in one candidate. */
export function geminiReply(parts: Part[], finishReason = 'STOP'): FakeReply {
  return jsonReply(200, {
    candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
    modelVersion: 'gemini-2.5-flash-image',
  });
}

export function geminiImageReply(image: Buffer, mimeType = 'image/png'): FakeReply {
  return geminiReply([{ inlineData: { mimeType, data: image.toString('base64') } }]);
}

export function geminiTextReply(text: string): FakeReply {
  return geminiReply([{ text }]);
}

/** Google's error body, e.g. 429 RESOURCE_EXHAUSTED. */
export function geminiErrorReply(
  status: number,
  statusText: string,
  message: string,
  reason?: string,
): FakeReply {
  return jsonReply(status, {
    error: {
      code: status,
      message,
      status: statusText,
      ...(reason ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }] } : {}),
    },
  });
}

export type GeminiRequestBody = {
  contents: { role?: string; parts: Part[] }[];
  generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
};

export function parseGeminiRequest(request: RecordedRequest): GeminiRequestBody {
  return JSON.parse(request.body.toString('utf8')) as GeminiRequestBody;
}
