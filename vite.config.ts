import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { BOOK_TYPES } from './src/shared/domain/statuses';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from './src/shared/i18n';

const sonnerBridge = fileURLToPath(new URL('./src/client/components/ui/sonner-bridge.ts', import.meta.url));
const sonnerToaster = fileURLToPath(new URL('./src/client/components/layout/toaster.tsx', import.meta.url));

/**
 * Sends every client `import … from 'sonner'` through a bridge module that loads sonner at the first
 * toast and then mounts the Toaster, so neither is in a page's first load yet any toast shows
 * (src/client/components/ui/toasts-in-use.ts). The Toaster itself (loaded on demand) reads the package.
 */
function sonnerOnDemand(): Plugin {
  return {
    name: 'shop:sonner-on-demand',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'sonner' &&
        importer !== sonnerBridge &&
        importer !== sonnerToaster &&
        importer?.includes('/src/client/')
      ) {
        return sonnerBridge;
      }
      return null;
    },
  };
}

/**
 * What the first load of a storefront page needs after index.html, fetched by the boot script while
 * the app's own code downloads instead of one after the other: the page's code, its texts, its API
 * reads and the picture that is its largest paint. Namespaces are those the page asks for before it
 * shows (useTranslation in its components); API paths are those of its queries (features/themes/api,
 * `{type}` is the page's `?type=`, `{1}` the path's first group); the hero's srcset and sizes are
 * those of features/home/components/hero.tsx. A stale entry costs a wasted download, never a bug.
 */
const FIRST_LOADS: Array<{
  path: string;
  module: string;
  namespaces: string[];
  api: string[];
  image?: { href: string; srcset: string; sizes: string };
}> = [
  {
    path: '^/$',
    module: 'src/client/routes/home.tsx',
    namespaces: ['home', 'artwork'],
    api: ['/api/catalog/themes?type=storybook', '/api/catalog/prices'],
    image: {
      href: '/catalog/home/hero-1.webp',
      srcset: '/catalog/home/hero-1-720.webp 720w, /catalog/home/hero-1.webp 1440w',
      sizes: '(min-width: 1152px) 540px, (min-width: 768px) 46vw, calc(100vw - 2rem)',
    },
  },
  {
    path: '^/themes/?$',
    module: 'src/client/routes/themes.tsx',
    namespaces: ['themes', 'artwork'],
    api: ['/api/catalog/themes?type={type}', '/api/catalog/prices'],
  },
  {
    path: '^/theme/([^/]+)/?$',
    module: 'src/client/routes/theme-detail.tsx',
    namespaces: ['themes', 'artwork'],
    api: ['/api/catalog/themes/{1}?type={type}', '/api/catalog/prices'],
  },
];

type FirstLoad = (typeof FIRST_LOADS)[number];
type BootPage = Omit<FirstLoad, 'module'> & { modules: string[] };

/**
 * Runs in the page before the app (a classic script: the CSP allows no inline one). It guesses the
 * language as src/client/i18n languageDetector does (saved choice, browser, page) and asks for the
 * layout's texts and the current page's code, texts and picture at once.
 */
function boot(
  pages: BootPage[],
  layoutNamespaces: string[],
  languages: string[],
  storageKey: string,
  bookTypes: string[],
) {
  const pick = (code: string | null | undefined) => {
    const base = code?.split('-')[0];
    return base && languages.includes(base) ? base : undefined;
  };
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(storageKey);
  } catch {
    // storage blocked
  }
  const language =
    [saved, ...(navigator.languages ?? []), navigator.language, document.documentElement.lang]
      .map(pick)
      .find(Boolean) ?? languages[0];
  const preload = (attributes: Record<string, string>) => {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    document.head.appendChild(link);
  };
  let match: RegExpMatchArray | null = null;
  const page = pages.find((candidate) => {
    match = location.pathname.match(new RegExp(candidate.path));
    return match !== null;
  });
  if (page?.image) {
    const { href, srcset, sizes } = page.image;
    preload({
      rel: 'preload',
      as: 'image',
      href,
      imagesrcset: srcset,
      imagesizes: sizes,
      fetchpriority: 'high',
    });
  }
  for (const namespace of [...layoutNamespaces, ...(page?.namespaces ?? [])]) {
    preload({
      rel: 'preload',
      as: 'fetch',
      crossorigin: 'anonymous',
      href: `/locales/${language}/${namespace}.json`,
    });
  }
  for (const href of page?.modules ?? []) preload({ rel: 'modulepreload', crossorigin: '', href });
  // The page reads its API as a plain same-origin fetch, which reuses these.
  const type = new URLSearchParams(location.search).get('type') ?? bookTypes[0];
  const segment = (match as RegExpMatchArray | null)?.[1];
  if (!type || !bookTypes.includes(type)) return;
  for (const template of page?.api ?? []) {
    let href = template.replace('{type}', encodeURIComponent(type));
    if (href.includes('{1}')) {
      if (!segment) continue;
      try {
        href = href.replace('{1}', encodeURIComponent(decodeURIComponent(segment)));
      } catch {
        continue; // a malformed address: the page will say so itself
      }
    }
    preload({ rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href });
  }
}

function firstLoadBoot(): Plugin {
  return {
    name: 'shop:first-load-boot',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const inEntry = closure(entry.fileName);
      const pages: BootPage[] = FIRST_LOADS.map(({ module, ...page }) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/${module}`));
        if (!chunk) this.error(`first-load boot: no chunk for ${module}`);
        const modules = [...closure(chunk.fileName)]
          .filter((file) => !inEntry.has(file))
          .map((file) => `/${file}`);
        return { ...page, modules };
      });
      const source = `(${boot.toString()})(${[
        pages,
        ['common', 'navigation'],
        LANGUAGES.map(({ code }) => code),
        LANGUAGE_STORAGE_KEY,
        BOOK_TYPES,
      ]
        .map((value) => JSON.stringify(value))
        .join(',')});\n`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source }));
      // First in <head>: its requests start before the stylesheet and the app's code have arrived.
      html.source = String(html.source).replace(
        /(<link rel="icon"[^>]*>)/,
        `$1\n    <script src="/${fileName}"></script>`,
      );
    },
  };
}

const STOREFRONT_ENTRY = 'src/client/storefront.ts';
const SERVER_ENTRY = 'src/client/entry-server.tsx';

/**
 * The tab's icon written into the page (issue 33): asked for by its address, the browser fetches it
 * while the page's first picture is still on its way, one more request on a phone's first visit.
 * The file in public/brand/ stays the one source; the build copies it in, its spaces squeezed.
 */
function inlineFavicon(): Plugin {
  const file = fileURLToPath(new URL('./public/brand/favicon.svg', import.meta.url));
  return {
    name: 'shop:inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = fs
        .readFileSync(file, 'utf8')
        .replace(/>\s+</g, '><')
        .replace(/\s+/g, ' ')
        .trim()
        .replaceAll('"', "'");
      // In an attribute between double quotes: only these need escaping in a data: address.
      const data = `data:image/svg+xml,${svg.replace(/[%#<>"]/g, (char) => encodeURIComponent(char))}`;
      const link = /<link rel="icon" type="image\/svg\+xml" href="\/brand\/favicon\.svg"\s*\/?>/;
      if (!link.test(html)) throw new Error('index.html: no <link rel="icon"> for /brand/favicon.svg');
      return html.replace(link, `<link rel="icon" type="image/svg+xml" href="${data}" />`);
    },
  };
}

/**
 * The storefront pages' HTML template (issue 19, docs/decisions/017): index.html with its stylesheet
 * but none of the app's scripts or preloads, only the small storefront script that loads the app on
 * the first interaction. The server fills its #root with the page it renders.
 */
function storefrontTemplate(): Plugin {
  return {
    name: 'shop:storefront-template',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const entry = Object.values(bundle).find(
        (file): file is Rolldown.OutputChunk =>
          file.type === 'chunk' &&
          file.isEntry &&
          file.facadeModuleId?.endsWith(`/${STOREFRONT_ENTRY}`) === true,
      );
      if (!entry) return this.error(`storefront template: no chunk for ${STOREFRONT_ENTRY}`);
      const source = String(html.source)
        .replace(/\s*<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          '</head>',
          // Its own imports (a shared chunk) are asked for beside it, not one round trip after it;
          // both at low priority, after the page's picture: nothing is drawn by them.
          `  <script type="module" crossorigin fetchpriority="low" src="/${entry.fileName}"></script>\n${entry.imports
            .map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n`)
            .join('')}  </head>`,
        );
      this.emitFile({ type: 'asset', fileName: 'storefront.html', source });
    },
  };
}

/**
 * After the browser's build, the server's: the storefront render (src/client/entry-server.tsx) with
 * its packages bundled in, so the client folder carries everything the server needs
 * (`<client folder>/.ssr/entry-server.mjs`; a dot folder, which the static files never serve).
 */
function storefrontServerBuild(): Plugin {
  let outDir = '';
  let skip = true;
  return {
    name: 'shop:storefront-server-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr) || config.build.watch !== null;
    },
    async closeBundle() {
      if (skip) return;
      await build({
        configFile: fileURLToPath(import.meta.url),
        logLevel: 'warn',
        build: {
          ssr: SERVER_ENTRY,
          outDir: path.join(outDir, '.ssr'),
          emptyOutDir: true,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
        },
        ssr: { noExternal: true },
      });
    },
  };
}

/**
 * The storefront render runs inside the server's process with its own copy of the shared schemas
 * (bundled), but zod keeps the schemas that carry an id (`.meta({ id })`) in one registry on
 * `globalThis`: the render's copies would sit beside the server's under the same ids, and the API's
 * description (`/api/docs/json`), built from that registry, fails on the duplicates (seen once the
 * wizard's paint loaded the wizard's contracts). The render's zod keeps its own registry.
 */
function ownSchemaRegistry(): Plugin {
  return {
    name: 'shop:storefront-own-schema-registry',
    apply: (_config, { isSsrBuild }) => Boolean(isSsrBuild),
    transform(code, id) {
      if (!id.includes('/node_modules/zod/') || !code.includes('__zod_globalRegistry')) return null;
      return { code: code.replaceAll('__zod_globalRegistry', '__zod_storefrontRegistry'), map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    sonnerOnDemand(),
    firstLoadBoot(),
    inlineFavicon(),
    storefrontTemplate(),
    storefrontServerBuild(),
    ownSchemaRegistry(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    ...(isSsrBuild
      ? {}
      : { rollupOptions: { input: { index: 'index.html', storefront: STOREFRONT_ENTRY } } }),
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/storage': 'http://localhost:3000' },
  },
}));
