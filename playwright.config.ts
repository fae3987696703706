import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The built shop runs on a free port with a temporary DATA_DIR. Playwright loads this file in every
// worker too, so the port and folder are chosen once and handed down through the environment.
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
process.env.E2E_PORT ??= freePort();
process.env.E2E_OIDC_PORT ??= freePort();
// A second shop prints with PRINTER=lulu against a local stand-in of Lulu (the operator journey).
process.env.E2E_LULU_SHOP_PORT ??= freePort();
process.env.E2E_LULU_FAKE_PORT ??= freePort();
process.env.E2E_LULU_CONTROL_PORT ??= freePort();
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
}
if (!process.env.E2E_LULU_DATA_DIR) {
  process.env.E2E_LULU_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-lulu-'));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const oidcUrl = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
/** The Lulu shop's address, and the secrets its journey signs and reads with (test values only). */
export const LULU_E2E = {
  shopUrl: `http://localhost:${process.env.E2E_LULU_SHOP_PORT}`,
  controlUrl: `http://127.0.0.1:${process.env.E2E_LULU_CONTROL_PORT}`,
  clientKey: 'e2e-lulu-key',
  clientSecret: 'e2e-lulu-secret-0123456789',
  webhookSecret: 'e2e-lulu-webhook-secret-0123456789',
};

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The servers run on the Node that runs Playwright: the project's pinned one (the `node` package,
 * docs/decisions/019), whatever `node` the shell would find first.
 */
const NODE = JSON.stringify(process.execPath);

/**
 * One built shop as a web server: what every e2e shop shares (a demo shop in `test` mode, which
 * behaves like production, on 127.0.0.1, one drawing job at a time, sign-ups from one address, the
 * operator journeys' address in ADMIN_EMAILS), plus its own settings.
 */
function shopServer(url: string, env: Record<string, string>) {
  return {
    // The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first);
    // E2E_SERVER=source runs the TypeScript instead (no build needed for a server change).
    command:
      process.env.E2E_SERVER === 'source'
        ? `${NODE} --import tsx src/server/main.ts`
        : `${NODE} --enable-source-maps build/server/main.js`,
    url: `${url}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      // Books are produced in the journeys, with the real local illustrator.
      WORKER_CONCURRENCY: '1',
      // Every journey signs up from 127.0.0.1; the shop's per-IP default (5 a minute) is for the internet.
      AUTH_EMAILS_PER_MINUTE: '200',
      // The operator journeys sign up with these addresses and work in /admin; journeys that run at
      // the same time each have their own, so one's sign-up never meets the other's.
      ADMIN_EMAILS:
        'olga.operator@example.com,gus.operator@example.com,hana.operator@example.com,dora.operator@example.com',
      LOG_LEVEL: 'warn',
      // Paid books go to the printer at once: the journeys follow them to delivery (the Lulu shop
      // below waits the grace period after payment, issue 36; to look at it on this shop by hand:
      // `E2E_PRINT_GRACE_MINUTES=60 npx playwright …`).
      PRINT_GRACE_MINUTES: process.env.E2E_PRINT_GRACE_MINUTES ?? '0',
      ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
      ...env,
    },
  };
}

/**
 * Journeys left out of the default run (`npm test`, CI) until the journeys are faster: on this
 * project's two shared cores the 80 journeys took 25.7 min (2026-11-28, ninth session) and CI as a
 * whole went past its 45-minute limit. The client and server tests now take ~12 min of it, and three
 * of the five left out came back (tenth session: parent-path, swiss-german, reader-painted; the
 * clean-clone CI was 26.8 min without them). These two draw books (the journeys' shop draws one at
 * a time) and are covered in part by the tests named beside each; they run with `E2E_FULL=1` and are
 * to come back once a drawn book costs the journeys' shop less (docs/STATUS.md).
 */
const FULL_RUN_ONLY = [
  // A failed drawing retried from the profile (server: production/pipeline.test.ts; client:
  // routes/profile.test.tsx); profile-painted.spec still opens a drawn book's profile.
  'profile.spec.ts',
  // A French book with German under every page (server: production/bilingual.test.ts; the wizard's
  // choice in routes/wizard.test.tsx).
  'bilingual.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  ...(process.env.E2E_FULL ? {} : { testIgnore: FULL_RUN_ONLY }),
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // No retries: a journey that fails once is a bug to find (the wizard's completion race was one).
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Twice Playwright's 30 s: a page that screenshots eight pages, or signs up, confirms, signs out and
  // resets a password, took over 30 s in CI while a book was drawn beside it.
  timeout: 60_000,
  // The journeys share two cores with the shops they drive (and, in CI, with a second shop drawing
  // books): a page that takes more than Playwright's 5 s to answer there is slow, not broken.
  expect: { timeout: 15_000 },
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // Stands in for Google: a real OpenID Connect provider on this machine.
      command: `${NODE} --import tsx e2e/support/oidc-server.ts`,
      url: `${oidcUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore',
      env: { OIDC_PORT: String(process.env.E2E_OIDC_PORT), SHOP_URL: baseURL },
    },
    shopServer(baseURL, {
      GOOGLE_CLIENT_ID: 'e2e-shop',
      GOOGLE_CLIENT_SECRET: 'e2e-shop-secret',
      GOOGLE_DISCOVERY_URL: `${oidcUrl}/.well-known/openid-configuration`,
      PORT: String(port),
      // The local printer ships and delivers within seconds so the profile journeys see every status.
      // Story pages drawn at 1024 px rather than print size (2625 px, six times the work): the
      // journeys are about the parent's path, and this shop runs about twenty of them. The Lulu
      // shop below draws at print size, so one journey's book is still drawn, checked for detail
      // and printed as the shop's default does.
      WORKER_PAGE_PIXELS: '1024',
      PRINTER_SHIP_AFTER_SECONDS: '5',
      PRINTER_DELIVER_AFTER_SECONDS: '5',
      DATA_DIR: String(process.env.E2E_DATA_DIR),
      // For looking at the console's review queue by hand (`REVIEW_BEFORE_PRINT=on npx playwright …`).
      ...(process.env.REVIEW_BEFORE_PRINT ? { REVIEW_BEFORE_PRINT: process.env.REVIEW_BEFORE_PRINT } : {}),
    }),
    {
      command: `${NODE} --import tsx e2e/support/lulu-server.ts`,
      url: `${LULU_E2E.controlUrl}/jobs`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        LULU_FAKE_PORT: String(process.env.E2E_LULU_FAKE_PORT),
        LULU_CONTROL_PORT: String(process.env.E2E_LULU_CONTROL_PORT),
        LULU_CLIENT_KEY: LULU_E2E.clientKey,
        LULU_CLIENT_SECRET: LULU_E2E.clientSecret,
      },
    },
    // The same shop with Lulu as its printer: its operator resubmits a job Lulu refused.
    shopServer(LULU_E2E.shopUrl, {
      PORT: String(process.env.E2E_LULU_SHOP_PORT),
      PUBLIC_URL: LULU_E2E.shopUrl,
      PRINTER: 'lulu',
      LULU_API_URL: `http://127.0.0.1:${process.env.E2E_LULU_FAKE_PORT}`,
      LULU_CLIENT_KEY: LULU_E2E.clientKey,
      LULU_CLIENT_SECRET: LULU_E2E.clientSecret,
      LULU_WEBHOOK_SECRET: LULU_E2E.webhookSecret,
      LULU_CONTACT_EMAIL: 'print@example.com',
      PRINT_FILE_URL_SECRET: 'e2e-print-file-url-secret-0123456789abcdef',
      // A paid book waits an hour before printing (issue 36): its journey changes the address in
      // that hour and the operator sends it to the printer with "Print now".
      PRINT_GRACE_MINUTES: '60',
      DATA_DIR: String(process.env.E2E_LULU_DATA_DIR),
    }),
  ],
});
