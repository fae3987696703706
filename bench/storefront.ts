// The storefront pages under Lighthouse mobile beside the static reference page (issue 19), each
// measured LIGHTHOUSE_RUNS times (default 3) in alternation — static, /, /themes, /theme/…, static,
// … — so a busy machine weighs on all of them alike; the medians are kept, and each page's LCP is
// divided by the static page's LCP of the same round. `npm run bench` calls it; alone,
// `npx tsx bench/storefront.ts` starts the built shop (CLIENT_DIR, else dist/client) and the bare
// server itself and measures only this.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './load';

const STOREFRONT_PAGES = [
  ['home', '/'],
  ['themes', '/themes'],
  ['theme-detail', '/theme/guardian-friend'],
] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

type LighthouseReport = {
  categories: Record<string, { score: number }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
};

export type LighthouseSummary = ReturnType<typeof summariseLighthouse>;

/**
 * The figures the storefront is judged on. Lighthouse never interacts with the page, so every script
 * it saw load is script the visitor needs before interaction; bytes are as sent (compressed).
 */
export function summariseLighthouse(report: LighthouseReport) {
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((report.categories['best-practices']?.score ?? 0) * 100),
    seo: Math.round((report.categories.seo?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    scriptKbGzip: Number(
      (scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024).toFixed(1),
    ),
    totalKb: Math.round(audit('total-byte-weight') / 1024),
  };
}

export function runLighthouse(
  url: string,
  outputPath: string,
  headers?: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${outputPath}`,
        '--form-factor=mobile',
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        stdio: 'inherit',
      },
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`)),
    );
  });
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Medians of several summaries, field by field. */
function medians(runs: LighthouseSummary[]): Record<string, number> {
  const first = runs[0];
  if (!first) return {};
  return Object.fromEntries(
    Object.keys(first).map((key) => [key, median(runs.map((run) => run[key as keyof LighthouseSummary]))]),
  );
}

/** Lighthouse of the static page and the storefront pages, alternating, medians of RUNS rounds. */
export async function measureStorefront(shopBase: string, staticUrl: string, resultsDir: string) {
  const runs = new Map<string, LighthouseSummary[]>();
  const ratios = new Map<string, number[]>();
  const targets = [
    ['static', staticUrl] as const,
    ...STOREFRONT_PAGES.map(([name, page]) => [name, `${shopBase}${page}`] as const),
  ];
  for (let round = 0; round < RUNS; round++) {
    const ofRound = new Map<string, LighthouseSummary>();
    for (const [name, url] of targets) {
      const file = path.join(resultsDir, `lighthouse-${name}${RUNS > 1 ? `-${round + 1}` : ''}.json`);
      try {
        await runLighthouse(url, file);
        const summary = summariseLighthouse(JSON.parse(await fs.readFile(file, 'utf8')));
        ofRound.set(name, summary);
        runs.set(name, [...(runs.get(name) ?? []), summary]);
      } catch (error) {
        console.error(error);
      }
    }
    const staticLcp = ofRound.get('static')?.lcpMs;
    for (const [name] of STOREFRONT_PAGES) {
      const lcp = ofRound.get(name)?.lcpMs;
      if (staticLcp && lcp) ratios.set(name, [...(ratios.get(name) ?? []), lcp / staticLcp]);
    }
  }
  const table: Record<string, Record<string, number | string>> = {};
  for (const [name, url] of targets) {
    const measured = runs.get(name) ?? [];
    if (measured.length === 0) {
      table[name === 'static' ? 'static page (reference)' : url.slice(shopBase.length)] = {
        error: 'lighthouse failed',
      };
      continue;
    }
    const row: Record<string, number | string> = { runs: measured.length, ...medians(measured) };
    row.lcpToStatic = name === 'static' ? 1 : Number(median(ratios.get(name) ?? []).toFixed(2));
    table[name === 'static' ? 'static page (reference)' : url.slice(shopBase.length)] = row;
  }
  return table;
}

/** The columns printed, in the order the issue's table reads. */
export function printStorefront(table: Record<string, Record<string, number | string>>) {
  console.log(
    `Lighthouse mobile, median of ${RUNS} alternating runs (targets: performance >= 98, LCP <= 1.2x the static page's, FCP <= 1.0 s, script before interaction <= 90 KB gzip, accessibility / best practices / SEO 100)`,
  );
  const columns = [
    'runs',
    'performance',
    'lcpMs',
    'lcpToStatic',
    'fcpMs',
    'scriptKbGzip',
    'cls',
    'tbtMs',
    'accessibility',
    'bestPractices',
    'seo',
  ];
  console.table(
    Object.fromEntries(
      Object.entries(table).map(([page, row]) => [
        page,
        'error' in row
          ? row
          : Object.fromEntries(
              columns.filter((column) => column in row).map((column) => [column, row[column]]),
            ),
      ]),
    ),
  );
}

async function waitFor(url: string, timeoutMs = 180_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const stop = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function alone() {
  const resultsDir = path.resolve('bench/results');
  await fs.mkdir(resultsDir, { recursive: true });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-bench-storefront-'));
  const [shopPort, barePort] = [await freePort(), await freePort()];
  const start = (script: string, env: Record<string, string>) =>
    spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const shop = start('src/server/main.ts', {
    NODE_ENV: 'production',
    PORT: String(shopPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const bare = start('bench/bare-server.ts', { PORT: String(barePort) });
  try {
    await waitFor(`http://127.0.0.1:${shopPort}/api/ready`);
    await waitFor(`http://127.0.0.1:${barePort}/api/health`);
    const table = await measureStorefront(
      `http://127.0.0.1:${shopPort}`,
      `http://127.0.0.1:${barePort}/static`,
      resultsDir,
    );
    printStorefront(table);
    await fs.writeFile(path.join(resultsDir, 'storefront.json'), JSON.stringify(table, null, 2));
  } finally {
    await Promise.all([stop(shop), stop(bare)]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await alone();
