import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoverRequest, Illustrator } from './index';
import { selectIllustrator } from './select';
import { startGeminiFake } from './test-fakes/gemini-fake';
import type { HttpFake } from './test-fakes/http-fake';
import { startOpenAiFake } from './test-fakes/openai-fake';

const local: Illustrator = {
  kind: 'local',
  async generateCover() {
    return { ok: false, code: 'AI_GENERATION_FAILED', message: 'local stub' };
  },
  async illustratePage() {
    return { ok: false, code: 'AI_GENERATION_FAILED', message: 'local stub' };
  },
};

const request: CoverRequest = {
  kind: 'hero_generation',
  photo: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
  name: 'Mia',
  language: 'en',
};

let gemini: HttpFake;
let openai: HttpFake;

beforeEach(async () => {
  gemini = await startGeminiFake();
  openai = await startOpenAiFake();
});

afterEach(async () => {
  await Promise.all([gemini.close(), openai.close()]);
  expect(gemini.unexpected).toEqual([]);
  expect(openai.unexpected).toEqual([]);
});

describe('selectIllustrator', () => {
  it('returns the local illustrator it is given for the local provider', () => {
    expect(selectIllustrator({ provider: 'local', geminiApiKey: 'k', openaiApiKey: 'k' }, local)).toBe(local);
  });

  it('returns the Gemini and OpenAI adapters for their providers', () => {
    expect(selectIllustrator({ provider: 'gemini', geminiApiKey: 'k' }, local).kind).toBe('gemini');
    expect(selectIllustrator({ provider: 'openai', openaiApiKey: 'k' }, local).kind).toBe('openai');
  });

  it('still returns a hosted adapter without its key, which answers AI_API_KEY_MISSING', async () => {
    // The other provider's key does not count.
    const adapters = [
      selectIllustrator({ provider: 'gemini', openaiApiKey: 'k', geminiBaseUrl: gemini.url }, local),
      selectIllustrator({ provider: 'openai', geminiApiKey: 'k', openaiBaseUrl: `${openai.url}/v1` }, local),
    ];
    expect(adapters.map((adapter) => adapter.kind)).toEqual(['gemini', 'openai']);
    for (const adapter of adapters) {
      const result = await adapter.generateCover(request);
      expect(result).toMatchObject({ ok: false, code: 'AI_API_KEY_MISSING' });
    }
    expect(gemini.received).toHaveLength(0);
    expect(openai.received).toHaveLength(0);
  });

  it('passes the model, base URL and key through to the adapter', async () => {
    // A 4xx: not asked again (hosted.ts), so one request each.
    gemini.reply({ status: 400, headers: { 'content-type': 'application/json' }, body: '{}' });
    openai.reply({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: '{"error":{"code":"x"}}',
    });
    const config = {
      geminiApiKey: 'g-key',
      geminiModel: 'gemini-3-pro-image-preview',
      geminiBaseUrl: gemini.url,
      openaiApiKey: 'o-key',
      openaiModel: 'gpt-image-1.5',
      openaiBaseUrl: `${openai.url}/v1`,
    };
    await selectIllustrator({ provider: 'gemini', ...config }, local).generateCover(request);
    await selectIllustrator({ provider: 'openai', ...config }, local).generateCover(request);

    expect(gemini.received[0]?.url).toBe('/v1beta/models/gemini-3-pro-image-preview:generateContent');
    expect(gemini.received[0]?.headers['x-goog-api-key']).toBe('g-key');
    expect(openai.received[0]?.headers.authorization).toBe('Bearer o-key');
    expect(openai.received[0]?.body.toString('latin1')).toContain('gpt-image-1.5');
  });
});
