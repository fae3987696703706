import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  isLuluProductionApi,
  isLuluSandbox,
  LULU_PRODUCTION_URL,
  LULU_SANDBOX_URL,
  type PrinterSettings,
  parsePrinterSettings,
  reachesLuluProduction,
} from './adapters/printer/lulu-config';
import { parseStorageConfig, type StorageConfig } from './adapters/storage/s3-config';
import { describeEnvIssues, presentEnv, redactUrl, sameOrigin, urlOrigin } from './env';
import { PROJECT_ROOT } from './paths';
import { PAGE_PIXELS } from './print/spec';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies';

const port = z
  .string()
  .regex(/^\d+$/, 'expected a whole number between 0 and 65535')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(0, 'expected a whole number between 0 and 65535')
      .max(65535, 'expected a whole number between 0 and 65535'),
  );

const postgresUrl = z
  .string()
  .regex(
    /^postgres(ql)?:\/\/\S+$/,
    'expected a PostgreSQL connection URL such as postgres://user:password@host:5432/database',
  );

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'expected an http(s) URL such as https://shop.example.com')
  .transform((value) => value.replace(/\/+$/, ''));

/** TRUST_PROXY: hops or the proxies' own addresses; a catch-all refused (trusted-proxies.ts). */
const trustedProxies = z.string().transform((value, context): TrustProxy => {
  const parsed = parseTrustedProxies(value);
  if (parsed.ok) return parsed.value;
  context.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

/** A whole number from `min` to `max`, e.g. a count or a number of seconds. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `expected a whole number from ${min} to ${max}`)
        .max(max, `expected a whole number from ${min} to ${max}`),
    );

/** Every environment variable the shop reads, with its default. The README lists the same. */
const EnvSchema = z.object({
  // docs/product.md "Demo and live": a demo shop (the default) runs on every embedded default; a live
  // shop refuses to start without real payments, real e-mail and a real printer.
  SHOP_MODE: z.enum(['demo', 'live'], { message: 'expected demo or live' }).default('demo'),
  // Issue 18: who sells, as each receipt says (the shop's legal name, postal address, VAT number).
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).default('Cuddle Tales'),
  SHOP_ADDRESS: z.string().trim().max(300).default(''),
  SHOP_VAT_NUMBER: z.string().trim().max(40).default(''),
  // Issue 17: paid books wait for an operator's look before print. Default: on with a hosted
  // illustrator (its pictures are a model's), off with the local one.
  REVIEW_BEFORE_PRINT: z.enum(['on', 'off'], { message: 'expected on or off' }).optional(),
  // Issue 36: minutes between payment and the printer, in which the parent may cancel or change the
  // address and the operator may hold the order. 0: to the printer at once. At most a week.
  PRINT_GRACE_MINUTES: z.coerce
    .number({ message: 'expected a number of minutes' })
    .int({ message: 'expected a whole number of minutes' })
    .min(0, { message: 'expected 0 or more minutes' })
    .max(7 * 24 * 60, { message: 'expected at most 10080 minutes (a week)' })
    .default(60),
  // docs/product.md Operators: the accounts (verified e-mail) that open the operator console /admin.
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('expected e-mail addresses separated by commas'))),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'expected development, production or test' })
    .default('development'),
  HOST: z.string().min(1, 'expected a host name or address').default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1, 'expected a folder path').default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'expected pretty or json' }).optional(),
  TRUST_PROXY: trustedProxies.default(false),
  CLIENT_DIR: z.string().min(1, 'expected a folder path').optional(),
  AUTH_SECRET: z.string().min(32, 'expected at least 32 random characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'expected an SMTP URL such as smtps://user:password@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'expected a sender such as "Cuddle Tales <hello@example.com>"')
    .default('Cuddle Tales <hello@cuddletales.ch>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: httpUrl.default('https://accounts.google.com/.well-known/openid-configuration'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'expected a tenant id, consumers, organizations or common')
    .default('consumers'),
  MICROSOFT_DISCOVERY_URL: httpUrl.optional(),
  ILLUSTRATOR: z
    .enum(['local', 'gemini', 'openai'], { message: 'expected local, gemini or openai' })
    .default('local'),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).optional(),
  GEMINI_BASE_URL: httpUrl.optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  OPENAI_BASE_URL: httpUrl.optional(),
  AUTH_EMAILS_PER_MINUTE: wholeNumber(1, 100_000).default(5),
  AUTH_SIGN_INS_PER_MINUTE: wholeNumber(1, 100_000).default(30),
  PAYMENTS: z.enum(['local', 'stripe'], { message: 'expected local or stripe' }).default('local'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'expected a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'expected a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE_URL: httpUrl.optional(),
  TAX_RATE_BASIS_POINTS: z.coerce
    .number({ message: 'expected a whole number of basis points (770 = 7.7 %)' })
    .int('expected a whole number of basis points (770 = 7.7 %)')
    .min(0, 'expected 0 to 10000 basis points')
    .max(10_000, 'expected 0 to 10000 basis points')
    .optional(),
  // Issue 19 (decision 016): HTTP processes sharing the port; unset: 1 on the embedded database,
  // one per core on PostgreSQL.
  API_PROCESSES: wholeNumber(1, 64).optional(),
  // Background jobs (README "Background jobs"): the worker inside the server, and its pace.
  WORKER: z.enum(['on', 'off'], { message: 'expected on or off' }).default('on'),
  WORKER_CONCURRENCY: wholeNumber(1, 32).default(1),
  WORKER_PAGE_CONCURRENCY: wholeNumber(1, 32).default(2),
  // Unset: story pages drawn at print size. Smaller: a quick demo or test shop (the journeys).
  WORKER_PAGE_PIXELS: wholeNumber(512, PAGE_PIXELS).optional(),
  WORKER_LEASE_SECONDS: wholeNumber(2, 3600).default(60),
  WORKER_POLL_MS: wholeNumber(10, 60_000).default(1000),
  WORKER_BACKOFF_SECONDS: wholeNumber(0, 86_400).default(30),
  // PRINTER, LULU_* and PRINT_FILE_URL_SECRET: src/server/adapters/printer/lulu-config.ts.
  PRINTER_SHIP_AFTER_SECONDS: wholeNumber(0, 30 * 86_400).default(60),
  PRINTER_DELIVER_AFTER_SECONDS: wholeNumber(0, 30 * 86_400).default(120),
});

/** No proxy, a number of trusted hops, or the proxies' addresses (comma-separated). */
export type TrustProxy = TrustedProxies;

/** A demo shop (test card page, outbox, ribbon) or a live one (real payments, e-mail, printer). */
type ShopMode = 'demo' | 'live';

export type Config = {
  mode: ShopMode;
  /** ADMIN_EMAILS: verified accounts with these e-mails are operators (besides role `admin`). */
  adminEmails: string[];
  /** REVIEW_BEFORE_PRINT: a paid book waits for an operator's approval before it goes to print. */
  reviewBeforePrint: boolean;
  /** PRINT_GRACE_MINUTES: the grace period after payment before the book goes to the printer. */
  printGraceMinutes: number;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** Unset: readable lines in a terminal, JSON lines otherwise (docs/decisions/019). */
  logFormat?: 'pretty' | 'json';
  /** Fastify's trustProxy: false, a number of hops, or a list of proxy addresses. */
  trustProxy: TrustProxy;
  clientDir: string;
  authSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  oidc: {
    google: OidcProviderConfig | undefined;
    microsoft: OidcProviderConfig | undefined;
  };
  illustrator: {
    provider: 'local' | 'gemini' | 'openai';
    geminiApiKey: string | undefined;
    geminiModel: string | undefined;
    geminiBaseUrl: string | undefined;
    openaiApiKey: string | undefined;
    openaiModel: string | undefined;
    openaiBaseUrl: string | undefined;
  };
  payments: {
    provider: 'local' | 'stripe';
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripeApiBaseUrl: string | undefined;
  };
  /** Per-IP limits of the account endpoints that send e-mail, and of sign-in. */
  authRateLimits: { emailPerMinute: number; signInPerMinute: number };
  /** Who sells, as the receipts say: legal name, postal address (lines split at ';'), VAT number. */
  seller: { name: string; address: string; vatNumber: string };
  /** API_PROCESSES: how many processes answer HTTP on the one port (node:cluster, decision 016). */
  apiProcesses: number;
  /** TAX_RATE_BASIS_POINTS: one rate for every country and date, over the dated table (issue 18). */
  taxRateOverrideBasisPoints: number | undefined;
  worker: {
    /** Run a worker inside the server process (WORKER=on). */
    enabled: boolean;
    concurrency: number;
    pageConcurrency: number;
    /** WORKER_PAGE_PIXELS: the story pages' picture size; unset, print size (PAGE_PIXELS). */
    pageSize?: number;
    leaseMs: number;
    pollMs: number;
    backoffMs: number;
  };
  /** PRINTER=local|lulu; with lulu, `lulu` holds Lulu's settings (README "Printing with Lulu"). */
  printer: PrinterSettings & { shipAfterSeconds: number; deliverAfterSeconds: number };
  /** Where files go (STORAGE, S3_*): `local` is the folder `DATA_DIR/storage`. */
  storage: StorageConfig;
};

type OidcProviderConfig = { clientId: string; clientSecret: string; discoveryUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const projectRoot = PROJECT_ROOT;

/**
 * Parses the environment once at start-up. Empty values count as unset. Throws a ConfigError that
 * names each bad variable and what it expects.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = presentEnv(Object.keys(EnvSchema.shape), env);
  const parsed = EnvSchema.superRefine((e, context) => {
    // A provider needs both halves of its credentials; one alone is a mistake worth stopping for.
    for (const name of ['GOOGLE', 'MICROSOFT'] as const) {
      const id = e[`${name}_CLIENT_ID`];
      const secret = e[`${name}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        const missing = id ? `${name}_CLIENT_SECRET` : `${name}_CLIENT_ID`;
        context.addIssue({
          code: 'custom',
          path: [missing],
          message: `expected together with ${name}_CLIENT_${id ? 'ID' : 'SECRET'}`,
        });
      }
    }
    if (e.PAYMENTS === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!e[name])
          context.addIssue({ code: 'custom', path: [name], message: 'expected with PAYMENTS=stripe' });
      }
    }
    // PGlite's data folder belongs to one process (docs/decisions/001).
    if (!e.DATABASE_URL && e.API_PROCESSES !== undefined && e.API_PROCESSES > 1) {
      context.addIssue({
        code: 'custom',
        path: ['API_PROCESSES'],
        message: 'expected 1 without DATABASE_URL (the embedded database belongs to one process)',
      });
    }
    const modeIssues = e.SHOP_MODE === 'live' ? liveShopIssues(e, env) : demoShopIssues(e, env);
    for (const issue of modeIssues) context.addIssue(issue);
  }).safeParse(present);
  // The storage variables have their own parser beside the S3 adapter; its problems join these.
  const storage = parseStorageConfig(env);
  const printer = parsePrinterSettings(env);
  if (!parsed.success) {
    throw new ConfigError([
      // Secrets are never echoed; URLs that may hold a password are echoed without it.
      ...describeEnvIssues(parsed.error.issues, present),
      ...(storage.success ? [] : storage.problems),
      ...(printer.success ? [] : printer.problems),
    ]);
  }
  if (!storage.success || !printer.success) {
    throw new ConfigError([
      ...(storage.success ? [] : storage.problems),
      ...(printer.success ? [] : printer.problems),
    ]);
  }
  const e = parsed.data;
  return {
    mode: e.SHOP_MODE,
    seller: { name: e.SHOP_LEGAL_NAME, address: e.SHOP_ADDRESS, vatNumber: e.SHOP_VAT_NUMBER },
    adminEmails: e.ADMIN_EMAILS,
    reviewBeforePrint: e.REVIEW_BEFORE_PRINT ? e.REVIEW_BEFORE_PRINT === 'on' : e.ILLUSTRATOR !== 'local',
    printGraceMinutes: e.PRINT_GRACE_MINUTES,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : path.join(projectRoot, 'dist', 'client'),
    authSecret: e.AUTH_SECRET,
    illustrator: {
      provider: e.ILLUSTRATOR,
      geminiApiKey: e.GEMINI_API_KEY,
      geminiModel: e.GEMINI_MODEL,
      geminiBaseUrl: e.GEMINI_BASE_URL,
      openaiApiKey: e.OPENAI_API_KEY,
      openaiModel: e.OPENAI_MODEL,
      openaiBaseUrl: e.OPENAI_BASE_URL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    payments: {
      provider: e.PAYMENTS,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiBaseUrl: e.STRIPE_API_BASE_URL,
    },
    taxRateOverrideBasisPoints: e.TAX_RATE_BASIS_POINTS,
    apiProcesses: e.API_PROCESSES ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    authRateLimits: { emailPerMinute: e.AUTH_EMAILS_PER_MINUTE, signInPerMinute: e.AUTH_SIGN_INS_PER_MINUTE },
    worker: {
      enabled: e.WORKER === 'on',
      concurrency: e.WORKER_CONCURRENCY,
      pageConcurrency: e.WORKER_PAGE_CONCURRENCY,
      ...(e.WORKER_PAGE_PIXELS ? { pageSize: e.WORKER_PAGE_PIXELS } : {}),
      leaseMs: e.WORKER_LEASE_SECONDS * 1000,
      pollMs: e.WORKER_POLL_MS,
      backoffMs: e.WORKER_BACKOFF_SECONDS * 1000,
    },
    storage: storage.data,
    printer: {
      ...printer.data,
      shipAfterSeconds: e.PRINTER_SHIP_AFTER_SECONDS,
      deliverAfterSeconds: e.PRINTER_DELIVER_AFTER_SECONDS,
    },
    oidc: {
      google: oidcProvider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_DISCOVERY_URL),
      microsoft: oidcProvider(
        e.MICROSOFT_CLIENT_ID,
        e.MICROSOFT_CLIENT_SECRET,
        e.MICROSOFT_DISCOVERY_URL ??
          `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0/.well-known/openid-configuration`,
      ),
    },
  };
}

/**
 * The settings that exist only to point an adapter at a test's local fake, each beside the
 * provider's own address: a live shop refuses any other value (README "Demo and live").
 */
export const LIVE_REFUSES_TEST_HOOKS: readonly (readonly [string, string])[] = [
  ['STRIPE_API_BASE_URL', 'https://api.stripe.com'],
  ['GEMINI_BASE_URL', 'https://generativelanguage.googleapis.com'],
  ['OPENAI_BASE_URL', 'https://api.openai.com/v1'],
  ['GOOGLE_DISCOVERY_URL', 'https://accounts.google.com/.well-known/openid-configuration'],
  ['MICROSOFT_DISCOVERY_URL', 'https://login.microsoftonline.com'],
];

/**
 * What a live shop lacks, one problem per setting: real payments (Stripe with a live key), real
 * e-mail (SMTP), a real printer (Lulu's production API) and the address its e-mails link to.
 */
function liveShopIssues(
  e: z.infer<typeof EnvSchema>,
  env: Record<string, string | undefined>,
): { code: 'custom'; path: string[]; message: string }[] {
  const problems: [string, string][] = [];
  if (e.PAYMENTS !== 'stripe')
    problems.push(['PAYMENTS', 'expected stripe with SHOP_MODE=live (a live shop takes real payments)']);
  else if (e.STRIPE_SECRET_KEY && !/^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY))
    problems.push([
      'STRIPE_SECRET_KEY',
      'expected a live key (sk_live_…) with SHOP_MODE=live, not a test key',
    ]);
  if (!e.SMTP_URL)
    problems.push([
      'SMTP_URL',
      'expected with SHOP_MODE=live (a live shop sends real e-mail, not to the outbox)',
    ]);
  const luluUrl = env.LULU_API_URL?.trim() || LULU_SANDBOX_URL;
  if (env.PRINTER?.trim() !== 'lulu')
    problems.push(['PRINTER', 'expected lulu with SHOP_MODE=live (a live shop prints real books)']);
  else if (isLuluSandbox(luluUrl))
    problems.push([
      'LULU_API_URL',
      `expected ${LULU_PRODUCTION_URL} with SHOP_MODE=live, not the sandbox, which prints nothing`,
    ]);
  else if (!isLuluProductionApi(luluUrl))
    problems.push([
      'LULU_API_URL',
      `expected ${LULU_PRODUCTION_URL} with SHOP_MODE=live (Lulu's production API), not "${redactUrl(luluUrl)}"`,
    ]);
  // PRINTER=lulu names a missing PUBLIC_URL itself.
  if (!e.PUBLIC_URL && env.PRINTER?.trim() !== 'lulu')
    problems.push([
      'PUBLIC_URL',
      "expected with SHOP_MODE=live (the shop's public address, which its e-mails link to)",
    ]);
  else if (e.PUBLIC_URL && urlOrigin(e.PUBLIC_URL)?.protocol !== 'https:')
    problems.push([
      'PUBLIC_URL',
      'expected an https address with SHOP_MODE=live (sign-in cookies and payment pages need it), such as https://shop.example.com',
    ]);
  // Settings that only point an adapter at a local fake (the tests' stand-ins): a live shop talks
  // to the providers themselves (docs/decisions/019).
  for (const [name, own] of LIVE_REFUSES_TEST_HOOKS) {
    const value = env[name]?.trim();
    if (value && !sameOrigin(value, own))
      problems.push([
        name,
        `a test-only setting: expected unset with SHOP_MODE=live (the provider's own is ${own})`,
      ]);
  }
  return problems.map(([name, message]) => ({ code: 'custom', path: [name], message }));
}

/**
 * A demo shop says "no real payments" on every page and takes test cards, so a live Stripe key or
 * Lulu's production API (real books printed for test payments) needs SHOP_MODE=live.
 */
function demoShopIssues(
  e: z.infer<typeof EnvSchema>,
  env: Record<string, string | undefined>,
): { code: 'custom'; path: string[]; message: string }[] {
  const problems: [string, string][] = [];
  if (e.STRIPE_SECRET_KEY && /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY))
    problems.push(['STRIPE_SECRET_KEY', 'a live key takes real payments: expected SHOP_MODE=live with it']);
  if (env.PRINTER?.trim() === 'lulu' && reachesLuluProduction(env.LULU_API_URL?.trim() ?? ''))
    problems.push([
      'LULU_API_URL',
      "Lulu's production API prints real books: expected SHOP_MODE=live with it",
    ]);
  return problems.map(([name, message]) => ({ code: 'custom', path: [name], message }));
}

function oidcProvider(clientId: string | undefined, clientSecret: string | undefined, discoveryUrl: string) {
  return clientId && clientSecret ? { clientId, clientSecret, discoveryUrl } : undefined;
}
