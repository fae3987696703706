// The signed-in app pages under Lighthouse mobile beside the static reference page, in the same run
// (issue 33): the reader `/book/{id}`, the wizard's first step, the checkout and the profile. The
// parent is signed in as a person is: the session cookie sits in Chrome's own cookie jar (set through
// the browser before Lighthouse navigates, and kept, since Lighthouse clears no cookies), not sent as
// a header. After each run the page Lighthouse measured is checked: its final address must be the
// one asked for and the page's own element must be on it (the reader's page counter, the wizard's
// first heading, the checkout's first heading, the profile's tabs); otherwise the bench throws, so a
// sign-in page (or any other) can never be measured in the reader's place.
// Each run starts without the `fonts` cookie (Lighthouse empties the cache, so the cookie would claim
// fonts the browser does not have): the figures are a first visit's, on an empty cache.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { FONTS_COOKIE } from '../src/shared/storefront';
import { freePort, median, stop, waitFor } from './load';
import { drawnBook } from './reader';
import { serverArgs } from './server-command';
import { type LighthouseSummary, summariseLighthouse } from './storefront';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** `BENCH_PAGES=reader,profile`: only these targets (by name, spaces as dashes), beside the static page. */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);

type Target = {
  name: string;
  path: string;
  /** The page's own element, as a CSS selector, and the text it must hold when given. */
  check: { selector: string; text?: string };
};

async function english(namespace: string) {
  return JSON.parse(await fs.readFile(path.resolve('public/locales/en', `${namespace}.json`), 'utf8'));
}

/**
 * Throws unless the page is at `expected`'s path (the app may add its own query, as the wizard's
 * `?step=1`) and shows the target's element, which tells the page and its state apart.
 */
export async function checkPage(page: Page, target: Target, expected: string): Promise<void> {
  const at = new URL(page.url());
  const wanted = new URL(expected, at);
  if (at.pathname !== wanted.pathname) {
    throw new Error(`${target.name}: asked for ${wanted.pathname}, measured ${at.pathname}${at.search}`);
  }
  const { selector, text } = target.check;
  const found = await page
    .waitForFunction(
      (css: string, words: string | null) =>
        [...document.querySelectorAll(css)].some((element) => !words || element.textContent?.includes(words)),
      { timeout: 15_000 },
      selector,
      text ?? null,
    )
    .then(() => true)
    .catch(() => false);
  if (!found) throw new Error(`${target.name}: ${at.pathname} has no ${selector}${text ? ` "${text}"` : ''}`);
}

/**
 * Lighthouse empties the browser's cache before each run but keeps its cookies, so the `fonts`
 * cookie an earlier run's page wrote (it says "the web fonts are in this browser's cache") would
 * make the server name fonts that are not there: a visit no real browser makes, where the page
 * waits for 70 KB of fonts before its first picture. Each run starts without it, like the empty
 * cache it has (docs/decisions/017-storefront-html.md "Later (issue 33): the bench's fonts cookie").
 */
async function forgetCachedFonts(page: Page): Promise<void> {
  const cookies = await page.browser().cookies();
  const fonts = cookies.filter((cookie) => cookie.name === FONTS_COOKIE);
  if (fonts.length > 0) await page.browser().deleteCookie(...fonts);
}

/** One Lighthouse mobile run in the signed-in browser, then the check that it measured the page. */
async function measureOne(page: Page, url: string, target: Target | undefined, file: string) {
  await forgetCachedFonts(page);
  let result = await lighthouse(url, { output: 'json', logLevel: 'error' }, undefined, page);
  // A fresh browser's first run sometimes ends with NO_NAVSTART and no trace (null figures that
  // would empty the median): that run is made again, at most twice, and the retry is said.
  for (let retry = 1; retry <= 2 && result?.lhr.runtimeError; retry++) {
    console.error(`${url}: Lighthouse ${result.lhr.runtimeError.code}, run again (${retry} of 2)`);
    await forgetCachedFonts(page);
    result = await lighthouse(url, { output: 'json', logLevel: 'error' }, undefined, page);
  }
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: Lighthouse ${result.lhr.runtimeError.code}`);
  await fs.writeFile(file, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
  if (target) {
    const finalUrl = result.lhr.finalDisplayedUrl ?? url;
    if (new URL(finalUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${target.name}: Lighthouse asked for ${url} and ended on ${finalUrl}`);
    }
    await checkPage(page, target, url);
  }
  return summariseLighthouse(result.lhr as unknown as Parameters<typeof summariseLighthouse>[0]);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts the built shop (CLIENT_DIR, else dist/client) and the static page, draws a book for a new
 * parent, and measures static, reader, wizard, checkout and profile in alternation, LIGHTHOUSE_RUNS
 * rounds (medians; each LCP divided by the static page's of the same round).
 */
export async function measureSignedInPages(resultsDir = path.resolve('bench/results')) {
  await fs.mkdir(resultsDir, { recursive: true });
  const cleanups: (() => Promise<unknown>)[] = [];
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-pages-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const [port, barePort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${port}`;
    const shop = start(serverArgs('main'), {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      CLIENT_DIR: path.resolve(process.env.CLIENT_DIR ?? 'dist/client'),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    });
    cleanups.unshift(() => stop(shop));
    const bare = start(['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(barePort) });
    cleanups.unshift(() => stop(bare));
    await waitFor(`${origin}/api/ready`, shop);
    await waitFor(`http://127.0.0.1:${barePort}/api/health`, bare);

    const { url: readerUrl, cookie } = await drawnBook(origin, dataDir);
    const bookId = new URL(readerUrl).pathname.split('/').at(-1)!;
    const wizard = await english('wizard');
    const checkout = await english('checkout');
    const targets: Target[] = [
      { name: 'reader', path: `/book/${bookId}`, check: { selector: '[data-testid="reader-counter"]' } },
      {
        name: 'wizard step 1',
        path: '/wizard',
        check: { selector: 'h1', text: wizard.steps.child.heading },
      },
      {
        name: 'checkout',
        path: `/checkout/${bookId}`,
        check: { selector: 'h1', text: checkout.steps.cover.heading },
      },
      { name: 'profile', path: '/profile', check: { selector: '[role="tablist"]' } },
    ];

    const measured = ONLY ? targets.filter(({ name }) => ONLY.includes(name.replaceAll(' ', '-'))) : targets;
    const browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    cleanups.unshift(() => browser.close());
    // The session in the browser's jar, for the shop's address, as a sign-in leaves it.
    await browser.setCookie(
      ...cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return {
          name: pair.slice(0, at),
          value: pair.slice(at + 1),
          domain: '127.0.0.1',
          path: '/',
          httpOnly: true,
        };
      }),
    );
    const page = await browser.newPage();

    const runs = new Map<string, LighthouseSummary[]>();
    const ratios = new Map<string, number[]>();
    for (let round = 0; round < RUNS; round++) {
      const staticFile = path.join(resultsDir, `lighthouse-signed-in-static-${round + 1}.json`);
      const staticRun = await measureOne(page, `http://127.0.0.1:${barePort}/static`, undefined, staticFile);
      runs.set('static', [...(runs.get('static') ?? []), staticRun]);
      for (const target of measured) {
        const file = path.join(
          resultsDir,
          `lighthouse-signed-in-${target.name.replaceAll(' ', '-')}-${round + 1}.json`,
        );
        const summary = await measureOne(page, `${origin}${target.path}`, target, file);
        runs.set(target.name, [...(runs.get(target.name) ?? []), summary]);
        ratios.set(target.name, [...(ratios.get(target.name) ?? []), summary.lcpMs / staticRun.lcpMs]);
      }
    }
    const table: Record<string, Record<string, number>> = {};
    for (const [name, measured] of runs) {
      const first = measured[0]!;
      const row: Record<string, number> = { runs: measured.length };
      for (const key of Object.keys(first) as (keyof LighthouseSummary)[]) {
        row[key] = median(measured.map((run) => run[key]));
      }
      row.lcpToStatic = name === 'static' ? 1 : Number(median(ratios.get(name) ?? []).toFixed(2));
      table[name === 'static' ? 'static page (reference)' : name] = row;
    }
    return table;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

/** The columns printed, with the issue's targets. */
export function printSignedInPages(table: Record<string, Record<string, number>>) {
  console.log(
    'Signed-in pages, Lighthouse mobile with the session in the browser (targets: performance >= 90, LCP <= 1.5x the static page, script before interaction <= 90 KB gzip, CLS <= 0.02)',
  );
  const columns = ['runs', 'performance', 'lcpMs', 'lcpToStatic', 'fcpMs', 'scriptKbGzip', 'cls', 'tbtMs'];
  console.table(
    Object.fromEntries(
      Object.entries(table).map(([page, row]) => [
        page,
        Object.fromEntries(columns.filter((column) => column in row).map((column) => [column, row[column]])),
      ]),
    ),
  );
}
