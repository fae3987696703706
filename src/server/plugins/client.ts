import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '../../shared/contracts/common';
import { LANGUAGES } from '../../shared/i18n';
import { isAdminRoute, isClientRoute } from '../../shared/routes';
import {
  FONTS_COOKIE,
  isStorefrontPage,
  LANGUAGE_COOKIE,
  personalPage,
  type StorefrontRenderer,
  WEB_FONTS_ELEMENT_ID,
} from '../../shared/storefront';
import {
  classesInHtml,
  criticalCss,
  isHeadingFont,
  type ParsedStylesheet,
  parseStylesheet,
  webFontFaces,
  webFontPreloads,
} from '../storefront/critical-css';
import { fillTemplate } from '../storefront/html';
import { chooseLanguage } from '../storefront/language';

/**
 * Serves the built client. Hashed assets are cached for a year; `index.html` is never cached and is
 * the answer for every screen path, with status 404 for a path that is no screen (the client then
 * shows its 'page not found'). Unknown `/api/*` paths get a JSON 404. The storefront pages are
 * painted here from the build's server render (issue 19, docs/decisions/017), when it is there.
 */
export type ClientOptions = {
  clientDir: string;
  /** Attributes set on the page's `<html>` element for one request (escaped here). */
  htmlAttributes?: (request: FastifyRequest) => Record<string, string>;
  /** Whether the caller is an operator: only then are the /admin screens there (else 404). */
  isOperator?: (request: FastifyRequest) => Promise<boolean>;
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** How long a painted page is reused: the catalogue's own freshness (catalog/service.ts). */
const PAGE_FRESH_MS = 10_000;
/**
 * How long an older painted page is still sent at once while it is painted again for the next
 * visitor (issue 19: a visit then never waits for a render, ~60 ms, unless nobody came for long).
 */
const PAGE_STALE_MS = 10 * 60_000;
/** Where a painted page's stylesheet goes in the template, once cut down to the page. */
const CRITICAL_CSS_SLOT = '<!--critical-css-->';
/** Painted pages kept at most (addresses differ by their query strings; the oldest go first). */
const PAGE_CACHE_SIZE = 200;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** `data-shop-mode` -> `shopMode`, as the browser's `dataset` names it. */
const datasetName = (attribute: string) =>
  attribute.replace(/^data-/, '').replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * A painted page and its compressed forms, made once per cached page (@fastify/compress does not
 * reach the not-found handler, which answers every page).
 */
type PaintedPage = {
  html: string;
  br: () => Buffer;
  gzip: () => Buffer;
  /** `Set-Cookie` values a personal page's own start wrote (the wizard's session cookie). */
  cookies?: string[];
};

/** The shop's own API, called in-process as the browser would call it (a painted page's reads). */
function ownApiCalls(app: FastifyInstance) {
  // The shop's own API answers, exactly as the browser would read them (a failed read: no paint).
  // A personal page's reads carry the visitor's own cookie (issue 33): the API answers for them alone.
  const fetchJsonAs = (cookie?: string) => async (url: string) => {
    const headers = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} for ${url}`);
    return response.json() as unknown;
  };
  /**
   * A personal page's start, written as the app writes it on arrival (the wizard's POST that starts
   * or resumes its session): same origin, the visitor's cookie, and the cookies it sets kept for
   * the page's answer.
   */
  const postJsonAs =
    (cookie: string | undefined, cookies: string[]) => async (url: string, body: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          origin: app.config.publicUrl,
          ...(cookie ? { cookie } : {}),
        },
        payload: JSON.stringify(body),
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} for ${url}`);
      const set = response.headers['set-cookie'];
      cookies.push(...(Array.isArray(set) ? set : set ? [set] : []));
      return response.json() as unknown;
    };
  return { fetchJsonAs, postJsonAs };
}

function paintedPage(html: string): PaintedPage {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    br: () => {
      br ??= zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } });
      return br;
    },
    gzip: () => {
      gzip ??= zlib.gzipSync(html);
      return gzip;
    },
  };
}

/** The encoding to send a painted page in, from the request's Accept-Encoding. */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, quality]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(quality ?? ''))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * A painted page with the stylesheet's rules it uses inlined, and its web fonts named as `fonts`
 * says; the page as it is when the build has no stylesheet.
 */
function pageStyles(sheet: ParsedStylesheet | undefined) {
  if (!sheet) return (html: string, _fonts: 'cached' | 'heading' | 'later') => html;
  const webFonts = webFontFaces(sheet);
  const styleElement = (css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  // A first visit's page names the web fonts only once its first picture is shown (storefront.ts
  // takes them from the <noscript>, which a browser without JavaScript reads at once): until then
  // the local stand-ins, drawn to the same measures.
  // A later visit names them at once and asks for their Latin files before the styles are read
  // (issue 33): they are in the browser's cache, so the text is drawn in them from the first paint.
  const preloads = (files: string[]) =>
    files
      .map(
        (file) =>
          `<link rel="preload" as="font" type="font/woff2" href="${escapeAttribute(file)}" crossorigin>`,
      )
      .join('');
  const fontPreloads = preloads(webFontPreloads(sheet));
  const headingFontPreloads = preloads(webFontPreloads(sheet, isHeadingFont));
  /** `fonts`: all of them cached (a later visit), the headings' only, or none (the stand-ins). */
  return (html: string, fonts: 'cached' | 'heading' | 'later') => {
    const fontsCached = fonts === 'cached';
    const css = criticalCss(sheet, classesInHtml(html), {
      webFonts: fonts === 'heading' ? isHeadingFont : fontsCached,
      html,
    });
    const later =
      fontsCached || !webFonts
        ? ''
        : `<noscript id="${WEB_FONTS_ELEMENT_ID}">${styleElement(webFonts)}</noscript>`;
    const early = fontsCached ? fontPreloads : fonts === 'heading' ? headingFontPreloads : '';
    return html.replace(CRITICAL_CSS_SLOT, () => `${early}${styleElement(css)}${later}`);
  };
}

/**
 * The storefront's server render from the build (`<client folder>/.ssr/entry-server.mjs` and
 * `storefront.html`, both written by `vite build`), or null when the build has none.
 */
function storefrontPainter(app: FastifyInstance, clientDir: string) {
  const templateFile = path.join(clientDir, 'storefront.html');
  const rendererFile = path.join(clientDir, '.ssr', 'entry-server.mjs');
  if (!fs.existsSync(templateFile) || !fs.existsSync(rendererFile)) return null;
  // The stylesheet goes into the page (the CSP allows inline styles), cut down to the rules the page
  // uses: one round trip less before the first paint, and half the bytes. The whole
  // stylesheet arrives with the app, before it takes the page over; the app's pages load it as a file.
  let sheet: ParsedStylesheet | undefined;
  const template = fs
    .readFileSync(templateFile, 'utf8')
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (link, file: string) => {
      const css = path.join(clientDir, file);
      if (sheet || !fs.existsSync(css)) return link;
      sheet = parseStylesheet(fs.readFileSync(css, 'utf8'));
      return CRITICAL_CSS_SLOT;
    });
  const withStyles = pageStyles(sheet);
  const loadRenderer = () =>
    import(pathToFileURL(rendererFile).href).then((module: { render: StorefrontRenderer }) => module.render);
  // Loaded once the server is up, not by the first visitor (issue 33: the first reader painted after
  // a start waited ~2 s for the bundle under load); a failure here is tried again by that visitor.
  let renderer: Promise<StorefrontRenderer> | undefined;
  app.addHook('onReady', async () => {
    renderer = loadRenderer().catch((error: unknown) => {
      app.log.error({ err: error }, 'storefront renderer failed to load');
      renderer = undefined;
      throw error;
    });
    renderer.catch(() => {});
  });
  const resources: Record<string, Record<string, unknown>> = {};
  for (const { code } of LANGUAGES) {
    const folder = path.join(clientDir, 'locales', code);
    // A language whose texts are not here yet (Italian arrives with its translation, issue 32)
    // is painted from the fallback's texts, as i18next does in the browser.
    if (!fs.existsSync(folder)) continue;
    resources[code] = Object.fromEntries(
      fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          file.slice(0, -'.json'.length),
          JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')),
        ]),
    );
  }
  const { fetchJsonAs, postJsonAs } = ownApiCalls(app);
  const fetchJson = fetchJsonAs();
  const pages = new Map<string, { page: PaintedPage | null; at: number }>();
  /** Pages being painted again in the background (one render each at a time). */
  const repainting = new Set<string>();

  /** The page, or null when it is not painted here (the app's index.html then serves it). */
  return async (
    request: FastifyRequest,
    htmlAttributes: Record<string, string>,
  ): Promise<PaintedPage | null> => {
    const language = chooseLanguage(
      readCookie(request.headers.cookie, LANGUAGE_COOKIE),
      request.headers['accept-language'],
    );
    // Whether the visitor may be signed in: only then is the header's account corner left to the
    // browser. No session, user or cookie value ever goes into a painted page (they are shared).
    const mayBeSignedIn = request.headers.cookie?.includes('session_token=') ?? false;
    const fontsCached = readCookie(request.headers.cookie, FONTS_COOKIE) !== undefined;
    // The reader and the profile are one parent's pages: painted with their session, for them
    // alone, never kept.
    const personalOne = personalPage(request.url.split('?')[0] ?? '/');
    const personal = personalOne !== null;
    if (personal && !mayBeSignedIn) return null;
    // The wizard's first step is led by its heading, which wraps differently in the stand-in font
    // on a phone (one line, then two: a layout shift, issue 33): the headings' font is named and
    // asked for at once, a first visit too; the text's waits as on other pages.
    const fonts = fontsCached ? 'cached' : personalOne?.page === 'wizard' ? 'heading' : 'later';
    const key = JSON.stringify([request.url, language, mayBeSignedIn, fontsCached, htmlAttributes]);
    const render = async (): Promise<PaintedPage | null> => {
      renderer ??= loadRenderer();
      const cookies: string[] = [];
      const page = await (await renderer)({
        url: request.url,
        language,
        resources,
        fetchJson: personal ? fetchJsonAs(request.headers.cookie) : fetchJson,
        ...(personal ? { postJson: postJsonAs(request.headers.cookie, cookies) } : {}),
        dataset: Object.fromEntries(
          Object.entries(htmlAttributes).map(([name, value]) => [datasetName(name), value]),
        ),
        mayBeSignedIn,
      });
      // A storefront page with a session cookie hydrates at once to read the session; a personal
      // page is painted signed in and waits for the first interaction like a visitor's storefront.
      const hydrateNow = mayBeSignedIn && !personal;
      if (!page) return null;
      const painted = paintedPage(
        withStyles(
          fillTemplate(template, page, {
            ...htmlAttributes,
            ...(hydrateNow ? { 'data-hydrate': 'now' } : {}),
          }),
          fonts,
        ),
      );
      return cookies.length > 0 ? { ...painted, cookies } : painted;
    };
    if (personal) return render();
    const paint = async (): Promise<PaintedPage | null> => {
      const painted = await render();
      pages.delete(key);
      pages.set(key, { page: painted, at: Date.now() });
      if (pages.size > PAGE_CACHE_SIZE) pages.delete(pages.keys().next().value as string);
      return painted;
    };
    const cached = pages.get(key);
    const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY;
    if (cached && age < PAGE_FRESH_MS) return cached.page;
    if (cached && age < PAGE_STALE_MS) {
      if (!repainting.has(key)) {
        repainting.add(key);
        paint()
          .catch((error: unknown) => app.log.error({ err: error }, 'storefront render failed'))
          .finally(() => repainting.delete(key));
      }
      return cached.page;
    }
    return paint();
  };
}

export const clientPlugin = fp(async (app: FastifyInstance, options: ClientOptions) => {
  const indexFile = path.join(options.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (!hasClient) app.log.warn({ clientDir: options.clientDir }, 'client not built: run `npm run build`');

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      // @fastify/static 10 hands the Fastify reply here, not the raw response.
      setHeaders: ((reply: { header(name: string, value: string): unknown }, filePath: string) => {
        if (filePath.endsWith('index.html')) return;
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      }) as never,
    });
  }

  const paintStorefront = hasClient ? storefrontPainter(app, options.clientDir) : null;
  if (hasClient && !paintStorefront) {
    app.log.warn({ clientDir: options.clientDir }, 'no storefront server render: pages paint in the browser');
  }
  const sendPainted = (request: FastifyRequest, reply: FastifyReply, page: PaintedPage, pathname: string) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // A parent's own page (the reader, the profile) is kept by no cache, not even the browser's
    // (issue 33).
    const personal = personalPage(pathname) !== null;
    reply
      .status(200)
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
      .type('text/html; charset=utf-8');
    if (page.cookies) reply.header('set-cookie', page.cookies);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br() : page.gzip());
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      !hasClient ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      const body: ErrorResponse = {
        error: { code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found` },
      };
      return reply.status(404).send(body);
    }
    if (paintStorefront && (isStorefrontPage(pathname) || personalPage(pathname) !== null)) {
      try {
        const page = await paintStorefront(request, options.htmlAttributes?.(request) ?? {});
        if (page !== null) return sendPainted(request, reply, page, pathname);
      } catch (error) {
        // The page still works as the single-page app; the failure is for the operator to see.
        request.log.error({ err: error }, 'storefront render failed');
      }
    }
    const operatorScreen =
      isAdminRoute(pathname) && options.isOperator ? await options.isOperator(request) : false;
    const status = isClientRoute(pathname) || operatorScreen ? 200 : 404;
    const attributes = Object.entries(options.htmlAttributes?.(request) ?? {});
    if (attributes.length === 0)
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    const html = (await fsp.readFile(indexFile, 'utf8')).replace(
      /<html\b/,
      `<html${attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}`,
    );
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
});
