import net from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChildLook } from '../../../shared/domain/child-look';
import { TOY_COLOURS, type ToyLook } from '../../../shared/domain/toy-look';
import { HAIR, SKIN } from './characters/palette';
import { createGeminiIllustrator } from './gemini';
import type { RetryPolicy } from './hosted';
import type { CoverRequest, CoverResult, Illustrator, PageRequest } from './index';
import { createOpenAiIllustrator } from './openai';
import {
  COVER_STYLE,
  FIRST_PAGE_REFERENCE,
  PAGE_CHARACTERS,
  sheetCharacters,
  TOY_FROM_SHEET,
} from './prompts';
import { renderReferenceSheet } from './reference-sheet';
import {
  geminiErrorReply,
  geminiImageReply,
  parseGeminiRequest,
  startGeminiFake,
} from './test-fakes/gemini-fake';
import type { FakeReply, HttpFake, RecordedRequest } from './test-fakes/http-fake';
import { isPng, makeImage, makePhoto } from './test-fakes/images';
import { recordingLogger } from './test-fakes/logger';
import {
  openAiErrorReply,
  openAiImageReply,
  parseOpenAiForm,
  startOpenAiFake,
} from './test-fakes/openai-fake';

// The contract both hosted illustrators keep (issue 29): the same cases, run against each one's local
// fake of its HTTP API. They share one call path (`callHosted` in hosted.ts); this checks that each
// adapter really goes through it: same retries, same give-up, same timeouts, and what it sends.

const API_KEY = 'contract-test-key-93c1';

type Options = { timeoutMs?: number; retry?: RetryPolicy; baseUrl?: string };

type Provider = {
  name: string;
  start(): Promise<HttpFake>;
  create(fake: HttpFake, logger: ReturnType<typeof recordingLogger>['logger'], options: Options): Illustrator;
  baseUrl(fake: HttpFake): string;
  image(png: Buffer): FakeReply;
  error(status: number): FakeReply;
  /** What one request carried: the key, the prompt and every image, read the provider's way. */
  sent(request: RecordedRequest): Promise<{ key: string | undefined; prompt: string; images: Buffer[] }>;
};

const providers: Provider[] = [
  {
    name: 'Gemini',
    start: startGeminiFake,
    baseUrl: (fake) => fake.url,
    create: (fake, logger, options) =>
      createGeminiIllustrator({ apiKey: API_KEY, baseUrl: fake.url, logger, ...options }),
    image: (png) => geminiImageReply(png),
    error: (status) => geminiErrorReply(status, 'STATUS', `Gemini answered ${status}.`),
    async sent(request) {
      const parts = parseGeminiRequest(request).contents.flatMap((content) => content.parts);
      return {
        key: request.headers['x-goog-api-key'] as string | undefined,
        prompt: parts.map((part) => part.text ?? '').join('\n'),
        images: parts.flatMap((part) =>
          part.inlineData?.data ? [Buffer.from(part.inlineData.data, 'base64')] : [],
        ),
      };
    },
  },
  {
    name: 'OpenAI',
    start: startOpenAiFake,
    baseUrl: (fake) => `${fake.url}/v1`,
    create: (fake, logger, options) =>
      createOpenAiIllustrator({ apiKey: API_KEY, baseUrl: `${fake.url}/v1`, logger, ...options }),
    image: (png) => openAiImageReply(png),
    error: (status) => openAiErrorReply(status, `OpenAI answered ${status}.`, null, 'server_error'),
    async sent(request) {
      const form = await parseOpenAiForm(request);
      const files = form.getAll('image[]') as File[];
      return {
        key: String(request.headers.authorization ?? '').replace(/^Bearer /, '') || undefined,
        prompt: String(form.get('prompt') ?? ''),
        images: await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer()))),
      };
    },
  },
];

/** Quick retries for tests: the rule is the same, only the wait is short. */
const QUICK: RetryPolicy = { attempts: 3, delayMs: 5 };

let photo: Buffer;
let png: Buffer;
let heroCover: Buffer;
let toyCover: Buffer;
let toyPhoto: Buffer;

/** A look the parent chose in steps 2 and 3 (drawn by the local illustrator the same way). */
const CHILD: ChildLook = {
  skin: 'tan',
  hairColor: 'red',
  hairStyle: 'pigtails',
  eyeColor: 'green',
  glasses: false,
};
const TOY: ToyLook = { kind: 'elephant', main: 'blue', second: 'pink', feature: 'scarf' };
/** The toy photo's colour: a green no drawing of these looks has. */
const TOY_PHOTO_COLOUR = '#13ef57';

async function rgb(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** How many pixels are within `tolerance` (per channel) of a colour. */
function countColour(image: { data: Buffer }, hex: string, tolerance = 0): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  let n = 0;
  for (let i = 0; i < image.data.length; i += 3) {
    const d = Math.max(
      Math.abs(image.data[i]! - r),
      Math.abs(image.data[i + 1]! - g),
      Math.abs(image.data[i + 2]! - b),
    );
    if (d <= tolerance) n++;
  }
  return n;
}

beforeAll(async () => {
  toyPhoto = await makeImage('jpeg', { width: 64, height: 64, color: TOY_PHOTO_COLOUR });
  photo = await makePhoto();
  png = await makeImage('png', { width: 24, height: 24 });
  heroCover = await makeImage('png', { width: 40, height: 40, color: '#d23c8c' });
  toyCover = await makeImage('png', { width: 40, height: 40, color: '#2a9d8f' });
});

const hero = (): CoverRequest => ({ kind: 'hero_generation', photo, name: 'Mia', language: 'en' });

const page = (): PageRequest => ({
  heroCover,
  toyCover,
  scene: {
    setting: 'forest-path',
    time: 'night',
    view: 'wide',
    side: 'left',
    props: ['fireflies'],
    prompt: 'Mia and Teddy walk along a forest path lit by fireflies.',
  },
  style: 'color',
  pageNumber: 3,
  size: 64,
  language: 'en',
});

function expectFailure(result: CoverResult, code: string): void {
  expect(result.ok ? 'ok' : result.code).toBe(code);
}

describe.each(providers)('hosted illustrator contract: $name', (provider) => {
  let fake: HttpFake;
  let log: ReturnType<typeof recordingLogger>;
  const illustrator = (options: Options = {}) =>
    provider.create(fake, log.logger, { retry: QUICK, ...options });

  beforeEach(async () => {
    fake = await provider.start();
    log = recordingLogger();
  });

  afterEach(async () => {
    await fake.close();
    expect(fake.unexpected).toEqual([]);
    expect(log.text()).not.toContain(API_KEY);
    expect(log.text()).not.toContain(photo.toString('base64').slice(0, 40));
  });

  it('sends the key, the prompt and the photo; a page sends both covers', async () => {
    fake.reply(provider.image(png), provider.image(png));
    const cover = await illustrator().generateCover(hero());
    expect(cover.ok && isPng(cover.image)).toBe(true);
    const pageResult = await illustrator().illustratePage(page());
    expect(pageResult.ok).toBe(true);

    const [coverSent, pageSent] = await Promise.all(fake.received.map((request) => provider.sent(request)));
    expect(coverSent?.key).toBe(API_KEY);
    expect(coverSent?.prompt).toContain(COVER_STYLE);
    expect(coverSent?.prompt).toContain('Mia');
    expect(coverSent?.images).toHaveLength(1);
    expect(coverSent?.images[0]?.equals(photo)).toBe(true);

    expect(pageSent?.key).toBe(API_KEY);
    expect(pageSent?.prompt).toContain('fireflies');
    expect(pageSent?.images.map((image) => image.equals(heroCover) || image.equals(toyCover))).toEqual([
      true,
      true,
    ]);
    expect(pageSent?.images[0]?.equals(heroCover)).toBe(true);
  });

  it('sends the drawn characters as the reference sheet of a page, and nothing of the toy photo', async () => {
    fake.reply(provider.image(png), provider.image(png));
    const drawn = { ...page(), child: { look: CHILD }, toy: { look: TOY }, toyPhoto };
    expect((await illustrator().illustratePage(drawn)).ok).toBe(true);
    expect((await illustrator().illustratePage({ ...drawn, style: 'line', firstPage: png })).ok).toBe(true);
    const [colour, line] = await Promise.all(fake.received.map((request) => provider.sent(request)));

    // The sheet first, then the hero cover: the toy cover and the toy photo are not sent.
    expect(colour?.images).toHaveLength(2);
    expect(colour?.images[1]?.equals(heroCover)).toBe(true);
    const sheet = await rgb(colour!.images[0]!);
    const expected = await rgb((await renderReferenceSheet({ child: CHILD, toy: TOY }, 'color'))!);
    expect([sheet.width, sheet.height]).toEqual([expected.width, expected.height]);
    expect(sheet.data.equals(expected.data)).toBe(true);
    // Its pixels are the drawn child (her hair, her skin) and the drawn toy (its fur).
    expect(countColour(sheet, HAIR[CHILD.hairColor].fill)).toBeGreaterThan(2000);
    expect(countColour(sheet, SKIN[CHILD.skin].fill)).toBeGreaterThan(2000);
    expect(countColour(sheet, TOY_COLOURS[TOY.main].fill)).toBeGreaterThan(2000);
    expect(countColour(await rgb(toyPhoto), TOY_PHOTO_COLOUR, 40)).toBeGreaterThan(1000);
    for (const sent of [colour!, line!]) {
      for (const image of sent.images) {
        expect(image.equals(toyCover) || image.equals(toyPhoto)).toBe(false);
        // Not one pixel of the toy photo's colour.
        expect(countColour(await rgb(image), TOY_PHOTO_COLOUR, 40)).toBe(0);
      }
    }
    expect(colour?.prompt).toContain(sheetCharacters(drawn));
    expect(colour?.prompt).not.toContain(PAGE_CHARACTERS);

    // A coloring page: the sheet as line art (grey only), then the hero cover and page 1.
    expect(line?.images).toHaveLength(3);
    expect(line?.images[2]?.equals(png)).toBe(true);
    const lineSheet = await rgb(line!.images[0]!);
    let coloured = 0;
    for (let i = 0; i < lineSheet.data.length; i += 3)
      if (lineSheet.data[i] !== lineSheet.data[i + 1] || lineSheet.data[i] !== lineSheet.data[i + 2])
        coloured++;
    expect(coloured).toBe(0);
    expect(line?.prompt).toContain(FIRST_PAGE_REFERENCE);
  });

  it('names the three children in the page prompt and draws the companions on the sheet (issue 35)', async () => {
    fake.reply(provider.image(png), provider.image(png));
    const companions = [
      {
        name: 'Leo',
        age: 4,
        look: { ...CHILD, hairColor: 'platinum' as const },
        toy: { ...TOY, main: 'pink' as const },
      },
      { name: 'Zoé', age: 7, look: { ...CHILD, skin: 'deep' as const } },
    ];
    const cast = { ...page(), child: { look: CHILD, name: 'Mia', age: 5 }, toy: { look: TOY }, companions };
    expect((await illustrator().illustratePage(cast)).ok).toBe(true);
    expect(
      (await illustrator().illustratePage({ ...page(), child: { look: CHILD }, toy: { look: TOY } })).ok,
    ).toBe(true);
    const [three, one] = await Promise.all(fake.received.map((request) => provider.sent(request)));
    expect(three?.prompt).toContain(
      'The three children: Mia (the child of the hero cover, 5 years old), Leo, 4 years old and Zoé, 7 years old.',
    );
    expect(one?.prompt).not.toContain('children:');
    // The sheet shows every child: the companions' hair, skin and toy are on it, not on a sheet of one.
    const sheet = await rgb(three!.images[0]!);
    const alone = await rgb(one!.images[0]!);
    expect(countColour(sheet, HAIR.platinum.fill)).toBeGreaterThan(1000);
    expect(countColour(alone, HAIR.platinum.fill)).toBe(0);
    expect(countColour(sheet, SKIN.deep.fill)).toBeGreaterThan(1000);
    expect(countColour(sheet, TOY_COLOURS.pink.fill)).toBeGreaterThan(500);
  });

  it('sends a hero cover the photo and the sheet of the chosen look, a drawn toy only its sheet', async () => {
    fake.reply(provider.image(png), provider.image(png));
    expect((await illustrator().generateCover({ ...hero(), look: CHILD })).ok).toBe(true);
    const toyCoverRequest: CoverRequest = {
      kind: 'plush_toy_generation',
      photo: toyPhoto,
      name: 'Nelly',
      language: 'en',
      toy: TOY,
    };
    expect((await illustrator().generateCover(toyCoverRequest)).ok).toBe(true);
    const [heroSent, toySent] = await Promise.all(fake.received.map((request) => provider.sent(request)));

    expect(heroSent?.images).toHaveLength(2);
    expect(heroSent?.images[0]?.equals(photo)).toBe(true);
    const heroSheet = await rgb(heroSent!.images[1]!);
    expect(
      heroSheet.data.equals((await rgb((await renderReferenceSheet({ child: CHILD }, 'color'))!)).data),
    ).toBe(true);
    expect(heroSent?.prompt).toContain('follow the sheet');

    // The toy: its sheet, not one pixel of its photo, and no refusal word to answer.
    expect(toySent?.images).toHaveLength(1);
    const toySheet = await rgb(toySent!.images[0]!);
    expect(toySheet.data.equals((await rgb((await renderReferenceSheet({ toy: TOY }, 'color'))!)).data)).toBe(
      true,
    );
    expect(countColour(toySheet, TOY_COLOURS[TOY.main].fill)).toBeGreaterThan(2000);
    expect(countColour(toySheet, TOY_PHOTO_COLOUR, 40)).toBe(0);
    expect(toySent?.prompt).toContain(TOY_FROM_SHEET);
    expect(toySent?.prompt).not.toContain('NO_TOY');
  });

  it('asks again after a 429 and after a 5xx, and returns the image that follows', async () => {
    fake.reply(provider.error(429), provider.error(503), provider.image(png));
    const result = await illustrator().generateCover(hero());
    expect(result.ok).toBe(true);
    expect(fake.received).toHaveLength(3);
    // Each request is sent whole again.
    const sent = await Promise.all(fake.received.map((request) => provider.sent(request)));
    expect(new Set(sent.map((one) => one.prompt)).size).toBe(1);
    expect(sent.every((one) => one.images[0]?.equals(photo))).toBe(true);
    expect(log.entries.filter((entry) => /asking again/.test(entry.message))).toHaveLength(2);
  });

  it('gives up after the policy’s number of requests, with a busy message after a 429', async () => {
    fake.reply(provider.error(500), provider.error(502), provider.error(500));
    expectFailure(await illustrator().generateCover(hero()), 'AI_GENERATION_FAILED');
    expect(fake.received).toHaveLength(3);

    fake.reply(provider.error(429), provider.error(429));
    const busy = await illustrator({ retry: { attempts: 2, delayMs: 5 } }).illustratePage(page());
    expectFailure(busy, 'AI_GENERATION_FAILED');
    if (!busy.ok) expect(busy.message).toMatch(/busy/i);
    expect(fake.received).toHaveLength(5);
  });

  it('sends one request only when the policy allows one', async () => {
    fake.reply(provider.error(503));
    expectFailure(
      await illustrator({ retry: { attempts: 1, delayMs: 5 } }).generateCover(hero()),
      'AI_GENERATION_FAILED',
    );
    expect(fake.received).toHaveLength(1);
  });

  it('does not ask again after a 4xx other than 429', async () => {
    for (const status of [400, 403, 404, 422]) {
      fake.reply(provider.error(status));
      expectFailure(await illustrator().generateCover(hero()), 'AI_GENERATION_FAILED');
    }
    expect(fake.received).toHaveLength(4);
    expect(log.text()).not.toMatch(/asking again/);
  });

  it('waits longer before each later request', async () => {
    fake.reply(provider.error(503), provider.error(503), provider.image(png));
    const started = Date.now();
    const result = await illustrator({ retry: { attempts: 3, delayMs: 150 } }).generateCover(hero());
    expect(result.ok).toBe(true);
    // 150 ms, then 300 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(440);
    expect(
      log.entries.filter((entry) => /asking again/.test(entry.message)).map((entry) => entry.details.waitMs),
    ).toEqual([150, 300]);
  });

  it('answers AI_TIMEOUT after timeoutMs when the model never answers, without asking again', async () => {
    fake.reply('hang');
    const started = Date.now();
    const result = await illustrator({ timeoutMs: 250 }).generateCover(hero());
    expectFailure(result, 'AI_TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.received).toHaveLength(1);
  });

  it('answers AI_TIMEOUT when the caller aborts, also while waiting to ask again', async () => {
    fake.reply('hang');
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    expectFailure(await illustrator().illustratePage(page(), { signal: during.signal }), 'AI_TIMEOUT');
    expect(fake.received).toHaveLength(1);

    fake.reply(provider.error(503));
    const between = new AbortController();
    const pending = illustrator({ retry: { attempts: 3, delayMs: 5_000 } }).generateCover(hero(), {
      signal: between.signal,
    });
    setTimeout(() => between.abort(), 200);
    const started = Date.now();
    expectFailure(await pending, 'AI_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.received).toHaveLength(2);
  });

  it('asks again when the service cannot be reached, then gives up', async () => {
    // A port nobody listens on: take a free one and close it.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const base = provider.baseUrl(fake).replace(/:\d+/, `:${port}`);

    const adapter = provider.create(fake, log.logger, { retry: QUICK, baseUrl: base });
    expectFailure(await adapter.generateCover(hero()), 'AI_GENERATION_FAILED');
    expect(log.entries.filter((entry) => /asking again/.test(entry.message))).toHaveLength(2);
    expect(fake.received).toHaveLength(0);
  });
});
