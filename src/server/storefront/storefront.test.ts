import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { paintedState } from '../../../test/painted-client';
import { STOREFRONT_STATE_ID } from '../../shared/storefront';
import { productPricing } from '../db/schema';
import { invalidateCatalog } from '../modules/catalog/service';

// A stand-in for `vite build`: the SPA shell, the storefront template as vite.config.ts writes it,
// the texts, and a server bundle that is the storefront render's source itself.
let t: TestApp;

const SPA_SHELL =
  '<!doctype html><html lang="en"><head><title>Cuddle Tales</title></head><body><div id="root"></div><script type="module" src="/assets/main-abc.js"></script></body></html>';
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Cuddle Tales · Personalised bedtime storybooks</title>
    <meta
      name="description"
      content="Turn a photo into a storybook."
    />
    <link rel="stylesheet" crossorigin href="/assets/main-abc.css">
    <script type="module" crossorigin src="/assets/storefront-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// The app's stylesheet: the page inlines the rules it uses.
const STYLESHEET =
  '@layer theme,base,utilities;@font-face{font-family:Nunito Fallback;src:local("Arial")}' +
  '@font-face{font-family:Nunito;src:url(/assets/nunito.woff2)}' +
  '@font-face{font-family:Nunito;src:url(/assets/nunito-cyrillic.woff2);unicode-range:U+400-45F}' +
  '@font-face{font-family:Nunito;src:url(/assets/nunito-latin.woff2)format("woff2");unicode-range:U+??,U+131}' +
  ':root{--color-x:red}@layer utilities{.text-ink-900{color:black}' +
  '.never-used-anywhere{color:blue}@media (min-width:40rem){.sm\\:text-5xl{font-size:3rem}}}';

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(process.env.TMPDIR ?? '/tmp', 'shop-storefront-'));
  const clientDir = path.join(dataDir, 'client');
  await fs.mkdir(path.join(clientDir, '.ssr'), { recursive: true });
  await fs.writeFile(path.join(clientDir, 'index.html'), SPA_SHELL);
  await fs.writeFile(path.join(clientDir, 'storefront.html'), TEMPLATE);
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'assets', 'main-abc.css'), STYLESHEET);
  await fs.symlink(path.resolve('public/locales'), path.join(clientDir, 'locales'));
  await fs.writeFile(
    path.join(clientDir, '.ssr', 'entry-server.mjs'),
    `export { render } from ${JSON.stringify(path.resolve('src/client/entry-server.tsx'))};\n`,
  );
  t = await buildTestApp({ clientDir });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The hydration state the page hands to the browser. */
describe('storefront pages painted by the server', () => {
  it('inlines only the stylesheet rules the page uses, and asks for later pictures once it has loaded', async () => {
    const html = (await page('/')).body;
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1];
    expect(style).toContain(':root{--color-x:red}');
    expect(style).toContain('.text-ink-900{color:black}');
    expect(style).toContain('@media (min-width:40rem){.sm\\:text-5xl{font-size:3rem}}');
    expect(style).not.toContain('never-used-anywhere');
    expect(html).not.toContain('main-abc.css');
    // A first visit: the local stand-in at once, the web font once the first picture is shown
    // (without JavaScript, at once: a <noscript>); a later visit names it at once (cached).
    expect(style).toContain('Nunito Fallback');
    expect(style).not.toContain('nunito.woff2');
    expect(html).toMatch(
      /<noscript id="web-fonts"><style>@font-face\{font-family:Nunito;src:url\(\/assets\/nunito\.woff2\)\}@font-face[^<]*<\/style><\/noscript>/,
    );
    const again = (await page('/', { cookie: 'fonts=1' })).body;
    expect(/<style>([^<]*)<\/style>/.exec(again)?.[1]).toContain('nunito.woff2');
    // …and asks for its Latin files (a face without a range covers Latin) before the styles, the
    // other scripts' files not at all.
    expect(html).not.toContain('rel="preload" as="font"');
    expect(again).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/assets/nunito.woff2" crossorigin>' +
        '<link rel="preload" as="font" type="font/woff2" href="/assets/nunito-latin.woff2" crossorigin><style>',
    );
    expect(again).not.toContain('nunito-cyrillic.woff2"');
    expect(again).not.toContain('id="web-fonts"');
    // The hero's first picture has its address; the next three wait, with a copy for no JavaScript.
    expect(html).toMatch(/<img src="\/catalog\/home\/hero-1\.webp"/);
    for (const n of [2, 3, 4]) {
      expect(html).not.toMatch(new RegExp(`<img src="/catalog/home/hero-${n}\\.webp"[^>]*>(?!</noscript>)`));
      expect(html).toMatch(new RegExp(`<img [^>]*data-defer-src="/catalog/home/hero-${n}\\.webp"`));
      expect(html).toMatch(
        new RegExp(`<noscript><img src="/catalog/home/hero-${n}\\.webp"[^>]*></noscript>`),
      );
    }
  });

  it('paints the home page in English by default, with the hero picture asked for first', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers.vary).toContain('Accept-Language');
    const html = response.body;
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain('A bedtime story starring your child and their cuddly friend');
    expect(html).toContain('<title>Cuddle Tales · Personalised bedtime storybooks</title>');
    expect(html).toMatch(
      /<img src="\/catalog\/home\/hero-1\.webp" srcSet="\/catalog\/home\/hero-1-720\.webp 720w, \/catalog\/home\/hero-1\.webp 1440w" sizes="[^"]+"[^>]*fetchPriority="high"/,
    );
    // …and preloaded from <head>, before the page's own markup.
    expect(html.indexOf('fetchPriority="high"')).toBeLessThan(html.indexOf('</head>'));
    // The "from" price and the ages come from the catalogue, read before painting.
    expect(html).toMatch(/From <span[^>]*>CHF\s29\.99</);
    // A visitor without a session sees "Sign in" at once, and no app script is in the page.
    expect(html).toContain('href="/auth"');
    expect(html).not.toContain('data-hydrate');
    expect(html).not.toContain('/assets/main-abc.js');
    expect(html).toContain('/assets/storefront-abc.js');
    const state = paintedState(html);
    expect(state).toMatchObject({ language: 'en', namespaces: expect.arrayContaining(['home', 'common']) });
  });

  it('paints in French for a browser that prefers it, and for a saved choice over the browser', async () => {
    const byBrowser = await page('/', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' });
    expect(byBrowser.body).toMatch(/<html[^>]* lang="fr"/);
    expect(byBrowser.body).toContain('Livre d’histoires personnalisé');
    expect(byBrowser.body).toContain('<title>Contes Doudou · Livres d’histoires personnalisés</title>');

    const bySavedChoice = await page('/themes?type=storybook', {
      'accept-language': 'en-GB,en;q=0.9',
      cookie: 'language=fr',
    });
    expect(bySavedChoice.body).toMatch(/<html[^>]* lang="fr"/);
    expect(bySavedChoice.body).toContain('Mon ami gardien');
    expect(paintedState(bySavedChoice.body).language).toBe('fr');

    const englishChoice = await page('/theme/guardian-friend', {
      'accept-language': 'fr',
      cookie: 'other=1; language=en',
    });
    expect(englishChoice.body).toMatch(/<html[^>]* lang="en"/);
    expect(englishChoice.body).toContain('<title>My Guardian Friend · Cuddle Tales</title>');
  });

  it("paints the stories' catalogue texts from their folders in German for a Swiss German browser", async () => {
    const list = await page('/themes?type=storybook', { 'accept-language': 'de-CH, de;q=0.9, en;q=0.5' });
    expect(list.body).toMatch(/<html[^>]* lang="de"/);
    expect(list.body).toMatch(/<h2[^>]*>Der Ballon auf Reisen<\/h2>/);
    expect(list.body).toContain('Ein Geburtstag, ein roter Ballon und ein Windstoss');
    const detail = await page('/theme/birthday-adventure?type=storybook', { 'accept-language': 'de-CH' });
    expect(detail.body).toMatch(/<h1[^>]*>Der Ballon auf Reisen<\/h1>/);
    expect(detail.body).toContain('Überraschung');
    // The gallery's first picture has the story's German alt text.
    expect(detail.body).toContain('alt="Ein Geburtstagsmorgen:');
  });

  it('paints the theme page with its first picture first, and the content pages', async () => {
    const theme = await page('/theme/guardian-friend?type=storybook');
    expect(theme.statusCode).toBe(200);
    expect(theme.body).toMatch(/<h1[^>]*>My Guardian Friend<\/h1>/);
    expect(theme.body).toMatch(/<img [^>]*fetchPriority="high"/);
    for (const [url, heading] of [
      ['/faq', 'Questions and answers'],
      ['/privacy', 'Privacy policy'],
      ['/terms', 'Terms and conditions'],
      ['/affiliate', 'Share the magic of bedtime'],
    ] as const) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading}`, 'i'));
    }
  });

  it('leaves the account corner to the browser when a session cookie comes, and keeps no session', async () => {
    const response = await page('/', { cookie: 'shop.session_token=abc.def' });
    expect(response.body).toContain('data-hydrate="now"');
    expect(response.body).toContain('data-testid="account-placeholder"');
    expect(response.body).not.toContain('abc.def');
    expect(JSON.stringify(paintedState(response.body).queries)).not.toContain('"auth"');
    // The shared page of a visitor without a session is a different one.
    expect((await page('/')).body).not.toContain('data-hydrate="now"');
  });

  it('serves the app pages, an unknown theme and unknown pages as the single-page app', async () => {
    for (const url of ['/wizard', '/profile', '/auth', '/checkout/abc', '/book/abc', '/theme/nope']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('/assets/main-abc.js');
      expect(response.body, url).not.toContain(STOREFRONT_STATE_ID);
    }
    const unknown = await page('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('/assets/main-abc.js');
    // The server render is never served as a file.
    expect((await page('/.ssr/entry-server.mjs')).body).not.toContain('export');
  });

  it('sends the painted page compressed to a browser that takes it', async () => {
    const plain = await page('/themes');
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await page('/themes', { 'accept-encoding': `${encoding}, deflate` });
      expect(response.headers['content-encoding']).toBe(encoding);
      const body = response.rawPayload;
      const text = (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString();
      expect(text).toBe(plain.body);
      expect(body.length).toBeLessThan(plain.body.length / 3);
    }
  });

  it('escapes what the address brings into the page', async () => {
    const response = await page('/themes?type=storybook&character=%3C%2Fscript%3E%3Cscript%3Ealert(1)');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(response.body).not.toContain('<script>alert');
  });

  it('sends a page painted a while ago at once, and paints it again for the next visitor', async () => {
    const url = '/?swr';
    expect((await page(url)).body).toMatch(/From <span[^>]*>CHF\s29\.99</);
    await t.database.db
      .update(productPricing)
      .set({ basePrice: 2499 })
      .where(eq(productPricing.productKey, 'softcover_book'));
    invalidateCatalog(t.database.db);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    try {
      // Older than ten seconds: this visitor gets it as it was, without waiting for a render…
      expect((await page(url)).body).toMatch(/From <span[^>]*>CHF\s29\.99</);
      // …and the next one the new price, once painted again.
      await expect.poll(async () => (await page(url)).body).toMatch(/From <span[^>]*>CHF\s24\.99</);
    } finally {
      vi.useRealTimers();
      await t.database.db
        .update(productPricing)
        .set({ basePrice: 2999 })
        .where(eq(productPricing.productKey, 'softcover_book'));
      invalidateCatalog(t.database.db);
    }
  });
});
