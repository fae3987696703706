// Layout shift while the app pages load (issue 19: CLS <= 0.02 on each), at 390×844 in Chromium with a
// throttled network and CPU so the loading states are on screen, for a signed-in parent with a drawn
// book and a paid order: checkout, order confirmation, profile, wizard and the book's reader, each
// beside a static page measured the same way in the same run. Median of BENCH_CLS_RUNS (default 3).
//
//   npx vite build --outDir /tmp/x && CLIENT_DIR=/tmp/x npx tsx bench/cls.ts
//
// `run()` starts its own shop (and the bare server's static page) unless handed a running one.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { freePort } from './load';
import { Client, drawnBook } from './reader';
import { serverArgs } from './server-command';

const VIEWPORT = { width: 390, height: 844 };
/** Lighthouse's mobile throttling: slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

type Shift = { value: number; startTime: number; sources: string[] };
type Measure = { cls: number; sum: number; shifts: Shift[] };

/**
 * Collects every layout shift without recent input from the first paint on (buffered), with the
 * elements that moved, so a regression can be traced to its box. A string, not a function: tsx
 * would wrap a function's inner names in a helper the page does not have.
 */
const OBSERVE_SHIFTS = `
  window.__layoutShifts = [];
  const describe = (node) => {
    if (!(node instanceof Element)) return String(node?.nodeName ?? '?');
    const classes = (node.getAttribute('class') ?? '').split(/\\s+/).filter(Boolean).slice(0, 4).join('.');
    return node.tagName.toLowerCase() + (classes ? '.' + classes : '');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShifts.push({
        value: entry.value,
        startTime: entry.startTime,
        sources: (entry.sources ?? []).map((source) => describe(source.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * The web-vitals definition: shifts grouped in session windows (gaps under 1 s, at most 5 s long),
 * CLS the largest window; `sum` is every shift added up.
 */
function summarise(shifts: Shift[]): Measure {
  let cls = 0;
  let window = 0;
  let first = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const shift of shifts) {
    if (shift.startTime - last < 1000 && shift.startTime - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.startTime;
    }
    last = shift.startTime;
    cls = Math.max(cls, window);
  }
  const sum = shifts.reduce((total, shift) => total + shift.value, 0);
  return { cls, sum, shifts };
}

/** BENCH_CLS_SHOTS=folder keeps a picture of each page as measured, once loaded. */
const shots = process.env.BENCH_CLS_SHOTS;
let shotNumber = 0;

async function measure(browser: Browser, url: string, cookie?: string): Promise<Measure> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  // The session as cookies of the shop's address (not a fixed header): the shop may renew them.
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        return {
          name,
          value: pair.slice(at + 1),
          url: new URL(url).origin,
          ...(name.startsWith('__Secure-') || name.startsWith('__Host-') ? { secure: true } : {}),
        };
      }),
    );
  }
  const page = await context.newPage();
  try {
    await page.addInitScript(OBSERVE_SHIFTS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Loaded: the network has been quiet for half a second (pages that poll do so every few
    // seconds), then a moment for the last render and pictures to settle.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    const shifts = (await page.evaluate('window.__layoutShifts ?? null')) as Shift[] | null;
    if (!shifts) throw new Error(`the layout-shift observer did not start on ${url}`);
    if (shots) {
      const name = `${String(++shotNumber).padStart(2, '0')}-${new URL(page.url()).pathname.split('/')[1] || 'static'}.png`;
      await page.screenshot({ path: path.join(shots, name), fullPage: true });
    }
    return summarise(shifts);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function waitUntilUp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startScript(script: string, env: Record<string, string>): ChildProcess {
  const args = script === 'src/server/main.ts' ? serverArgs('main') : ['--import', 'tsx', script];
  return spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Orders the approved book (hardcover, to Zürich) and pays it on the local card page. A payment that
 * does not go through within a minute is said on stderr and the order is measured unpaid (its
 * confirmation then shows the payment as pending): the figures still come out.
 */
async function placedOrder(client: Client, base: string, bookInstanceId: string): Promise<string> {
  const order = await client.call('PUT', `/api/checkout/${bookInstanceId}/order`, {
    coverType: 'hardcover',
    grandparentCopies: { count: 0, coverType: 'softcover' },
    customer: { firstName: 'Anna', lastName: 'Muster', email: 'anna@example.com', phone: '' },
    shipping: { address: 'Hauptstrasse 1', city: 'Zürich', postalCode: '8001', country: 'CH' },
    language: 'en',
  });
  const orderId = String(order.id);
  try {
    const payment = await client.call('POST', `/api/orders/${orderId}/payment`);
    const paid = await fetch(new URL(new URL(String(payment.url)).pathname, base), {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
      headers: { origin: base, cookie: client.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
        name: 'Anna Muster',
      }),
    });
    if (paid.status !== 303) throw new Error(`the card page answered ${paid.status}`);
    for (let tries = 0; tries < 100; tries++) {
      if ((await client.call('GET', `/api/orders/${orderId}`)).paymentStatus === 'paid') return orderId;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('not paid within 20 s');
  } catch (error) {
    console.error(`bench/cls.ts: order ${orderId} measured unpaid (${String(error)})`);
    return orderId;
  }
}

export type ClsRow = { page: string; cls: number; reference: number; runs: number[] };

type RunOptions = {
  /** A running shop and its DATA_DIR (its outbox confirms the account); else one is started. */
  shop?: { base: string; dataDir: string };
  /** The static reference page; else bench/bare-server.ts is started for it. */
  staticUrl?: string;
  runs?: number;
};

/** Measures each page BENCH_CLS_RUNS times, alternating with the static page; answers the medians. */
export async function run(options: RunOptions = {}): Promise<ClsRow[]> {
  const runs = options.runs ?? Number(process.env.BENCH_CLS_RUNS ?? 3);
  const started: ChildProcess[] = [];
  let dataDir: string | undefined;
  try {
    let shop = options.shop;
    if (!shop) {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-cls-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      started.push(
        startScript('src/server/main.ts', {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          PUBLIC_URL: base,
        }),
      );
      await waitUntilUp(`${base}/api/ready`);
      shop = { base, dataDir };
    }
    let staticUrl = options.staticUrl;
    if (!staticUrl) {
      const port = await freePort();
      started.push(startScript('bench/bare-server.ts', { PORT: String(port) }));
      await waitUntilUp(`http://127.0.0.1:${port}/api/health`);
      staticUrl = `http://127.0.0.1:${port}/static`;
    }

    const book = await drawnBook(shop.base, shop.dataDir);
    const bookInstanceId = book.url.split('/').at(-1) ?? '';
    const client = new Client(shop.base);
    for (const pair of book.cookie.split('; ')) {
      const at = pair.indexOf('=');
      client.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const { currentVersion } = await client.call('GET', `/api/books/${bookInstanceId}`);
    await client.call('POST', `/api/books/${bookInstanceId}/approve`, { version: currentVersion });

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    const figures = new Map<string, number[]>();
    const verbose = process.env.BENCH_CLS_VERBOSE === '1';
    const record = async (name: string, url: string, cookie?: string) => {
      const result = await measure(browser, url, cookie);
      figures.set(name, [...(figures.get(name) ?? []), result.cls]);
      if (verbose) {
        console.error(`${name}: ${result.cls.toFixed(4)} (sum ${result.sum.toFixed(4)})`);
        for (const shift of result.shifts)
          console.error(
            `  ${Math.round(shift.startTime)} ms ${shift.value.toFixed(4)} ${shift.sources.join(' | ')}`,
          );
      }
    };
    try {
      // The checkout first, while the book is approved and not ordered, then the order is placed
      // and paid for the confirmation and the profile (a paid book's checkout shows its order).
      for (let round = 0; round < runs; round++) {
        await record('static page (reference)', staticUrl);
        await record('/checkout/{id}', `${shop.base}/checkout/${bookInstanceId}`, client.cookie);
      }
      const orderId = await placedOrder(client, shop.base, bookInstanceId);
      const pages = [
        ['/order-confirmation/{id}', `/order-confirmation/${orderId}`],
        ['/profile', '/profile'],
        ['/wizard', '/wizard'],
        ['/book/{id}', `/book/${bookInstanceId}`],
      ] as const;
      for (let round = 0; round < runs; round++) {
        await record('static page (reference)', staticUrl);
        for (const [name, pagePath] of pages) await record(name, `${shop.base}${pagePath}`, client.cookie);
      }
    } finally {
      await browser.close();
    }
    const reference = median(figures.get('static page (reference)') ?? []);
    return [...figures]
      .filter(([name]) => name !== 'static page (reference)')
      .map(([page, values]) => ({
        page,
        cls: Number(median(values).toFixed(4)),
        reference: Number(reference.toFixed(4)),
        runs: values.map((value) => Number(value.toFixed(4))),
      }));
  } finally {
    for (const child of started.reverse()) await stop(child);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await run();
  console.log(
    `CLS at ${VIEWPORT.width}×${VIEWPORT.height}, slow 4G and ${CPU_SLOWDOWN}× CPU, signed in, median of ${rows[0]?.runs.length ?? 0} (target <= 0.02)`,
  );
  console.table(
    Object.fromEntries(
      rows.map((row) => [row.page, { cls: row.cls, 'static page': row.reference, runs: row.runs.join(' ') }]),
    ),
  );
  console.log(JSON.stringify(rows));
}
