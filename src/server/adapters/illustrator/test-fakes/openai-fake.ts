import { type FakeReply, type HttpFake, jsonReply, type RecordedRequest, startHttpFake } from './http-fake';

/** The path `openai` calls for `images.edit` (base URL `<fake>/v1`). */
const OPENAI_EDIT_PATH = /^\/v1\/images\/edits$/;

/** A local stand-in for `api.openai.com` (only `POST /v1/images/edits`). */
export function startOpenAiFake(): Promise<HttpFake> {
  return startHttpFake({ method: 'POST', path: OPENAI_EDIT_PATH });
}

export function openAiImageReply(image: Buffer): FakeReply {
  return jsonReply(200, {
    created: Math.floor(Date.now() / 1000),
    background: 'opaque',
    output_format: 'png',
    quality: 'high',
    size: '1024x1024',
    data: [{ b64_json: image.toString('base64') }],
    usage: { input_tokens: 300, output_tokens: 4160, total_tokens: 4460 },
  });
}

/** OpenAI's error body (the SDK does not retry; the shared call path in hosted.ts does). */
export function openAiErrorReply(
  status: number,
  message: string,
  code: string | null,
  type = 'invalid_request_error',
): FakeReply {
  return jsonReply(status, { error: { message, type, param: null, code } }, { 'retry-after-ms': '10' });
}

/** The multipart form the SDK sent. */
export function parseOpenAiForm(request: RecordedRequest): Promise<FormData> {
  return new Request('http://fake.local/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.body),
  }).formData();
}
