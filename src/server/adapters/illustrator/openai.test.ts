import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CoverRequest, CoverResult, Illustrator, PageRequest } from './index';
import { createOpenAiIllustrator, type PhotoChecker } from './openai';
import { COVER_STYLE, FIRST_PAGE_REFERENCE, NO_TEXT_RULE, PAGE_CHARACTERS, PAGE_STYLES } from './prompts';
import { type HttpFake, jsonReply } from './test-fakes/http-fake';
import { isPng, makeImage, makePhoto } from './test-fakes/images';
import { recordingLogger } from './test-fakes/logger';
import {
  openAiErrorReply,
  openAiImageReply,
  parseOpenAiForm,
  startOpenAiFake,
} from './test-fakes/openai-fake';

const API_KEY = 'sk-test-openai-key-51d2e8';

let fake: HttpFake;
let photo: Buffer;
let png: Buffer;
let heroCover: Buffer;
let toyCover: Buffer;
let log: ReturnType<typeof recordingLogger>;

beforeAll(async () => {
  photo = await makePhoto();
  png = await makeImage('png', { width: 24, height: 24 });
  heroCover = await makeImage('png', { width: 40, height: 40, color: '#d23c8c' });
  toyCover = await makeImage('png', { width: 40, height: 40, color: '#2a9d8f' });
});

beforeEach(async () => {
  fake = await startOpenAiFake();
  log = recordingLogger();
});

afterEach(async () => {
  await fake.close();
  // The fake answers only what the test queued; anything else fails the test.
  expect(fake.unexpected).toEqual([]);
  // Nothing secret or personal reaches the logs.
  const logged = log.text();
  expect(logged).not.toContain(API_KEY);
  expect(logged).not.toContain(photo.toString('base64').slice(0, 40));
  expect(logged).not.toContain(png.toString('base64').slice(0, 40));
  expect(logged).not.toContain(heroCover.toString('base64').slice(0, 40));
  expect(logged).not.toContain(toyCover.toString('base64').slice(0, 40));
});

function illustrator(
  options: { apiKey?: string; timeoutMs?: number; model?: string; photoChecker?: PhotoChecker } = {},
): Illustrator {
  return createOpenAiIllustrator({
    apiKey: API_KEY,
    baseUrl: `${fake.url}/v1`,
    logger: log.logger,
    ...options,
  });
}

function hero(name = 'Mia'): CoverRequest {
  return { kind: 'hero_generation', photo, name, language: 'en' };
}

function toy(name = 'Mr Snuggles'): CoverRequest {
  return { kind: 'plush_toy_generation', photo, name, language: 'en' };
}

function expectFailure(result: CoverResult, code: string) {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.code).toBe(code);
    expect(result.message.length).toBeGreaterThan(0);
  }
}

/** A photo checker that records its calls and answers as told. */
function checker(verdict: { person: boolean; toy: boolean }) {
  const calls: { method: 'hasPerson' | 'hasToy'; jpeg: Buffer }[] = [];
  const photoChecker: PhotoChecker = {
    async hasPerson(jpeg) {
      calls.push({ method: 'hasPerson', jpeg });
      return { ok: verdict.person };
    },
    async hasToy(jpeg) {
      calls.push({ method: 'hasToy', jpeg });
      return { ok: verdict.toy };
    },
  };
  return { calls, photoChecker };
}

describe('OpenAI illustrator: the request', () => {
  it('sends the key, the model, the prompt, the size and the photo as a multipart file', async () => {
    fake.reply(openAiImageReply(png));
    const result = await illustrator().generateCover(hero());

    expect(fake.received).toHaveLength(1);
    const request = fake.received[0]!;
    expect(request.url).toBe('/v1/images/edits');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const form = await parseOpenAiForm(request);
    expect(form.get('model')).toBe('gpt-image-1');
    expect(form.get('size')).toBe('1024x1024');
    expect(form.get('input_fidelity')).toBe('high');

    const files = form.getAll('image[]');
    expect(files).toHaveLength(1);
    const file = files[0] as File;
    expect(file.name).toBe('photo.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);

    const prompt = String(form.get('prompt'));
    expect(prompt).toContain(COVER_STYLE);
    expect(prompt).toContain(NO_TEXT_RULE);
    expect(prompt).toMatch(/child in the photo/i);
    expect(prompt).toMatch(/guardian/i);
    expect(prompt).toContain('"Mia"');
    expect(prompt).toMatch(/never write the name/i);
    expect(prompt).not.toMatch(/(?<!(never|not|n't)\s)(write|draw|print|spell|add)\s+(the\s+)?(name|"?Mia)/i);
    expect(prompt).not.toMatch(/(text|title|caption|titled|reads?|saying)\s*:?\s*"?Mia/i);
    // An image edit cannot answer with a word: no refusal instruction is sent.
    expect(prompt).not.toContain('NO_PERSON');

    expect(result.ok).toBe(true);
  });

  it('sends the toy prompt with the configured model', async () => {
    fake.reply(openAiImageReply(png));
    await illustrator({ model: 'gpt-image-1.5' }).generateCover(toy());
    const form = await parseOpenAiForm(fake.received[0]!);
    expect(form.get('model')).toBe('gpt-image-1.5');
    const prompt = String(form.get('prompt'));
    expect(prompt).toMatch(/plush toy in the photo/i);
    expect(prompt).toContain('"Mr Snuggles"');
    expect(prompt).not.toContain('NO_TOY');
  });
});

describe('OpenAI illustrator: the answers', () => {
  it('returns data[0].b64_json as a PNG buffer', async () => {
    fake.reply(openAiImageReply(png));
    const result = await illustrator().generateCover(hero());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mimeType).toBe('image/png');
    expect(isPng(result.image)).toBe(true);
    expect((await sharp(result.image).metadata()).width).toBe(24);
  });

  it('converts a JPEG or WebP answer to PNG', async () => {
    fake.reply(
      openAiImageReply(await makeImage('jpeg', { width: 20, height: 20 })),
      openAiImageReply(await makeImage('webp', { width: 18, height: 18 })),
    );
    for (const size of [20, 18]) {
      const result = await illustrator().generateCover(hero());
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(isPng(result.image)).toBe(true);
      expect((await sharp(result.image).metadata()).width).toBe(size);
    }
  });

  it('maps a moderation block to AI_GENERATION_FAILED with a kind message, without retrying', async () => {
    fake.reply(
      openAiErrorReply(
        400,
        'Your request was rejected by the safety system.',
        'moderation_blocked',
        'image_generation_user_error',
      ),
    );
    const result = await illustrator().generateCover(hero());
    expectFailure(result, 'AI_GENERATION_FAILED');
    if (!result.ok) expect(result.message).toMatch(/could not draw this photo/i);
    expect(fake.received).toHaveLength(1);
    expect(log.entries[0]?.details.code).toBe('moderation_blocked');
  });

  it('maps a refused key to AI_GENERATION_FAILED and logs that the key was refused', async () => {
    fake.reply(openAiErrorReply(401, `Incorrect API key provided: ${API_KEY}.`, 'invalid_api_key'));
    expectFailure(await illustrator().generateCover(hero()), 'AI_GENERATION_FAILED');
    expect(log.entries.map((entry) => entry.message)).toEqual(['OpenAI refused the API key']);
    // The key echoed by the API is redacted (checked for every test in afterEach).
    expect(log.text()).toContain('[redacted]');
  });

  it('maps other 4xx to AI_GENERATION_FAILED', async () => {
    fake.reply(openAiErrorReply(400, "Invalid value: 'size'.", 'invalid_value'));
    expectFailure(await illustrator().generateCover(hero()), 'AI_GENERATION_FAILED');
    expect(fake.received).toHaveLength(1);
  });

  it('maps a malformed body to AI_INVALID_RESPONSE', async () => {
    fake.reply({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"data": [{"b64' });
    expectFailure(await illustrator().generateCover(hero()), 'AI_INVALID_RESPONSE');
  });

  it('maps a body that is not JSON to AI_INVALID_RESPONSE', async () => {
    fake.reply({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>gateway</html>' });
    expectFailure(await illustrator().generateCover(hero()), 'AI_INVALID_RESPONSE');
  });

  it('maps an image that cannot be decoded to AI_INVALID_RESPONSE', async () => {
    fake.reply(openAiImageReply(Buffer.from('definitely not an image')));
    expectFailure(await illustrator().generateCover(hero()), 'AI_INVALID_RESPONSE');
  });

  it('maps an empty data list to AI_NO_IMAGE_RETURNED', async () => {
    fake.reply(
      jsonReply(200, { created: 1, data: [] }),
      jsonReply(200, { created: 1 }),
      jsonReply(200, { created: 1, data: [{ revised_prompt: 'a cover' }] }),
    );
    for (let i = 0; i < 3; i += 1) {
      expectFailure(await illustrator().generateCover(hero()), 'AI_NO_IMAGE_RETURNED');
    }
  });

  it("maps the caller's abort to AI_TIMEOUT", async () => {
    fake.reply('hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await illustrator().generateCover(hero(), { signal: controller.signal });
    expectFailure(result, 'AI_TIMEOUT');
    expect(fake.received).toHaveLength(1);
  });

  it('answers AI_API_KEY_MISSING without any request when no key is configured', async () => {
    for (const apiKey of [undefined, '', '   ']) {
      const adapter = createOpenAiIllustrator({ apiKey, baseUrl: `${fake.url}/v1`, logger: log.logger });
      expect(adapter.kind).toBe('openai');
      expectFailure(await adapter.generateCover(hero()), 'AI_API_KEY_MISSING');
    }
    expect(fake.received).toHaveLength(0);
  });
});

describe('OpenAI illustrator: the offline photo check', () => {
  it('answers AI_INVALID_IMAGE_NO_PERSON without a request when the hero photo shows no person', async () => {
    const { calls, photoChecker } = checker({ person: false, toy: true });
    expectFailure(await illustrator({ photoChecker }).generateCover(hero()), 'AI_INVALID_IMAGE_NO_PERSON');
    expect(calls.map((call) => call.method)).toEqual(['hasPerson']);
    expect(calls[0]?.jpeg.equals(photo)).toBe(true);
    expect(fake.received).toHaveLength(0);
  });

  it('answers AI_INVALID_IMAGE_NO_TOY without a request when the toy photo shows no toy', async () => {
    const { calls, photoChecker } = checker({ person: true, toy: false });
    expectFailure(await illustrator({ photoChecker }).generateCover(toy()), 'AI_INVALID_IMAGE_NO_TOY');
    expect(calls.map((call) => call.method)).toEqual(['hasToy']);
    expect(fake.received).toHaveLength(0);
  });

  it('calls the model when the check passes', async () => {
    const { calls, photoChecker } = checker({ person: true, toy: true });
    fake.reply(openAiImageReply(png), openAiImageReply(png));
    expect((await illustrator({ photoChecker }).generateCover(hero())).ok).toBe(true);
    expect((await illustrator({ photoChecker }).generateCover(toy())).ok).toBe(true);
    expect(calls.map((call) => call.method)).toEqual(['hasPerson', 'hasToy']);
    expect(fake.received).toHaveLength(2);
  });

  it('still calls the model, and logs it, when the checker itself fails', async () => {
    const photoChecker: PhotoChecker = {
      hasPerson: async () => {
        throw new Error('wasm backend not ready');
      },
      hasToy: async () => ({ ok: true }),
    };
    fake.reply(openAiImageReply(png));
    expect((await illustrator({ photoChecker }).generateCover(hero())).ok).toBe(true);
    expect(log.entries.map((entry) => entry.message)).toEqual([
      'Photo check failed; sending the photo unchecked',
    ]);
  });

  it('answers IMAGE_INVALID_FORMAT without a request when the checker cannot decode the photo', async () => {
    class UndecodablePhotoError extends Error {
      override name = 'UndecodablePhotoError';
    }
    const photoChecker: PhotoChecker = {
      hasPerson: async () => {
        throw new UndecodablePhotoError('The photo could not be decoded');
      },
      hasToy: async () => ({ ok: true }),
    };
    expectFailure(await illustrator({ photoChecker }).generateCover(hero()), 'IMAGE_INVALID_FORMAT');
    expect(fake.received).toHaveLength(0);
  });
});

function page(overrides: Partial<PageRequest> = {}): PageRequest {
  return {
    heroCover,
    toyCover,
    scene: {
      setting: 'river',
      time: 'night',
      view: 'wide',
      side: 'left',
      props: ['lanterns'],
      prompt: 'Mia and Teddy float paper lanterns down the river.',
    },
    style: 'color',
    pageNumber: 5,
    size: 96,
    language: 'fr',
    ...overrides,
  };
}

describe('OpenAI illustrator: pages', () => {
  it('sends both covers as input images, with the page style, the characters and the scene', async () => {
    const { calls, photoChecker } = checker({ person: false, toy: false });
    fake.reply(openAiImageReply(png));
    const result = await illustrator({ photoChecker }).illustratePage(page());

    // The covers were approved: no photo check for a page.
    expect(calls).toHaveLength(0);
    expect(fake.received).toHaveLength(1);
    const form = await parseOpenAiForm(fake.received[0]!);
    expect(form.get('model')).toBe('gpt-image-1');
    expect(form.get('size')).toBe('1024x1024');
    expect(form.get('input_fidelity')).toBe('high');

    const files = form.getAll('image[]') as File[];
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['hero-cover.png', 'image/png'],
      ['toy-cover.png', 'image/png'],
    ]);
    expect(Buffer.from(await files[0]!.arrayBuffer()).equals(heroCover)).toBe(true);
    expect(Buffer.from(await files[1]!.arrayBuffer()).equals(toyCover)).toBe(true);

    const prompt = String(form.get('prompt'));
    expect(prompt).toContain(PAGE_STYLES.color);
    expect(prompt).not.toContain(PAGE_STYLES.line);
    expect(prompt).toContain(PAGE_CHARACTERS);
    expect(prompt).toContain('Mia and Teddy float paper lanterns down the river.');
    expect(prompt).toContain(NO_TEXT_RULE);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(isPng(result.image)).toBe(true);
    const meta = await sharp(result.image).metadata();
    expect([meta.width, meta.height]).toEqual([96, 96]);
  });

  it('sends page 1 as a third reference once it is drawn, and says what it is for', async () => {
    const firstPage = await makeImage('png', { width: 40, height: 40, color: '#3366aa' });
    fake.reply(openAiImageReply(png));
    await illustrator().illustratePage(page({ pageNumber: 5, firstPage }));
    const form = await parseOpenAiForm(fake.received[0]!);
    const files = form.getAll('image[]') as File[];
    expect(files.map((file) => file.name)).toEqual(['hero-cover.png', 'toy-cover.png', 'first-page.png']);
    expect(Buffer.from(await files[2]!.arrayBuffer()).equals(firstPage)).toBe(true);
    expect(String(form.get('prompt'))).toContain(FIRST_PAGE_REFERENCE);
  });

  it('sends the coloring-page style and answers a grey page; a scene without text still says where', async () => {
    fake.reply(openAiImageReply(await makeImage('png', { width: 30, height: 20, color: '#ff0000' })));
    const result = await illustrator().illustratePage(
      page({ style: 'line', scene: { ...page().scene, setting: 'castle', prompt: ' ' } }),
    );
    const prompt = String((await parseOpenAiForm(fake.received[0]!)).get('prompt'));
    expect(prompt).toContain(PAGE_STYLES.line);
    expect(prompt).not.toContain(PAGE_STYLES.color);
    expect(prompt).toContain('The scene of this page: castle at night');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.image).metadata();
    expect([meta.width, meta.height, meta.space]).toEqual([96, 96, 'b-w']);
  });

  it('maps failures as for covers', async () => {
    fake.reply(
      openAiErrorReply(400, 'Your request was rejected by the safety system.', 'moderation_blocked'),
      openAiErrorReply(401, `Incorrect API key provided: ${API_KEY}.`, 'invalid_api_key'),
      jsonReply(200, { created: 1, data: [] }),
      openAiImageReply(Buffer.from('definitely not an image')),
    );
    const safety = await illustrator().illustratePage(page());
    expectFailure(safety, 'AI_GENERATION_FAILED');
    if (!safety.ok) expect(safety.message).toMatch(/could not draw/i);
    expectFailure(await illustrator().illustratePage(page()), 'AI_GENERATION_FAILED');
    expectFailure(await illustrator().illustratePage(page()), 'AI_NO_IMAGE_RETURNED');
    expectFailure(await illustrator().illustratePage(page()), 'AI_INVALID_RESPONSE');
    expect(log.entries.map((entry) => entry.message)).toEqual([
      'OpenAI safety system blocked the image',
      'OpenAI refused the API key',
      'OpenAI returned no image',
      'OpenAI returned an image that cannot be decoded',
    ]);
    expect(log.entries[0]?.details).toMatchObject({
      kind: 'page',
      scene: 'river',
      style: 'color',
      page: 5,
    });
    expect(log.text()).not.toContain('lanterns down the river');
  });

  it("maps the caller's abort and a model that never answers to AI_TIMEOUT", async () => {
    fake.reply('hang', 'hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expectFailure(await illustrator().illustratePage(page(), { signal: controller.signal }), 'AI_TIMEOUT');
    expectFailure(await illustrator({ timeoutMs: 300 }).illustratePage(page()), 'AI_TIMEOUT');
    // A timed-out request is not asked again (the retries are the contract's: hosted-contract.test.ts).
    expect(fake.received).toHaveLength(2);
  });

  it('answers without any request when no key is configured or the request is not a page', async () => {
    const keyless = createOpenAiIllustrator({
      apiKey: undefined,
      baseUrl: `${fake.url}/v1`,
      logger: log.logger,
    });
    expectFailure(await keyless.illustratePage(page()), 'AI_API_KEY_MISSING');
    expectFailure(
      await illustrator().illustratePage(page({ heroCover: Buffer.alloc(0) })),
      'VALIDATION_MISSING_PARAM',
    );
    expectFailure(
      await illustrator().illustratePage(page({ style: 'sepia' as PageRequest['style'] })),
      'VALIDATION_INVALID_PARAM',
    );
    expect(fake.received).toHaveLength(0);
  });
});
