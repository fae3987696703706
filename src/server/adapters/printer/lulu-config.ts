import { z } from 'zod';
import { describeEnvIssues, presentEnv, sameOrigin, urlOrigin } from '../../env';

/** Lulu's shipping levels (Print API, `shipping_level`), slowest first. */
export const LULU_SHIPPING_LEVELS = [
  'MAIL',
  'PRIORITY_MAIL',
  'GROUND_HD',
  'GROUND_BUS',
  'GROUND',
  'EXPEDITED',
  'EXPRESS',
] as const;
export type LuluShippingLevel = (typeof LULU_SHIPPING_LEVELS)[number];

export const LULU_SANDBOX_URL = 'https://api.sandbox.lulu.com';
export const LULU_PRODUCTION_URL = 'https://api.lulu.com';

/**
 * Whether an address reaches Lulu's production API, which prints and charges for real books: any
 * scheme, port or spelling of its host (`https://API.LULU.COM`, `https://api.lulu.com:443`,
 * `http://api.lulu.com.`). A demo shop refuses all of them (docs/decisions/019).
 */
export function reachesLuluProduction(url: string): boolean {
  return urlOrigin(url)?.host === new URL(LULU_PRODUCTION_URL).hostname;
}

/** Exactly Lulu's production API over https on its own port, what a live shop must print through. */
export function isLuluProductionApi(url: string): boolean {
  return sameOrigin(url, LULU_PRODUCTION_URL) && new URL(url.trim()).pathname === '/';
}

/** Lulu's sandbox, whatever its spelling. */
export function isLuluSandbox(url: string): boolean {
  return sameOrigin(url, LULU_SANDBOX_URL);
}

/** The printer settings: the embedded local printer, or Lulu's Print API with its settings. */
export type PrinterSettings = { provider: 'local'; lulu: undefined } | { provider: 'lulu'; lulu: LuluConfig };

type LuluConfig = {
  /** `https://api.sandbox.lulu.com` (default) or `https://api.lulu.com`, without a trailing slash. */
  apiUrl: string;
  clientKey: string;
  clientSecret: string;
  /** The key of the `Lulu-HMAC-SHA256` webhook signature: Lulu signs with the API secret. */
  webhookSecret: string;
  /** Where Lulu writes with questions about a print job (the shop owner, not the customer). */
  contactEmail: string;
  shippingLevel: LuluShippingLevel;
  /** Lulu reports delivery only for some carriers: the order is marked delivered this long after shipping. */
  deliveredAfterDays: number;
  /** Signs the links Lulu downloads the print files from. */
  printFileUrlSecret: string;
};

export type PrinterSettingsResult =
  | { success: true; data: PrinterSettings }
  | { success: false; problems: string[] };

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, `expected an http(s) URL such as ${LULU_SANDBOX_URL}`)
  .transform((value) => value.replace(/\/+$/, ''));

const LuluEnvSchema = z.object({
  PRINTER: z.enum(['local', 'lulu'], { message: 'expected local or lulu' }).default('local'),
  LULU_API_URL: httpUrl.default(LULU_SANDBOX_URL),
  LULU_CLIENT_KEY: z.string().min(1).optional(),
  LULU_CLIENT_SECRET: z.string().min(1).optional(),
  LULU_WEBHOOK_SECRET: z.string().min(1).optional(),
  LULU_CONTACT_EMAIL: z
    .email({ message: 'expected an e-mail address such as orders@example.com' })
    .optional(),
  LULU_SHIPPING_LEVEL: z
    .enum(LULU_SHIPPING_LEVELS, { message: `expected one of ${LULU_SHIPPING_LEVELS.join(', ')}` })
    .default('PRIORITY_MAIL'),
  LULU_DELIVERED_AFTER_DAYS: z
    .string()
    .regex(/^\d+$/, 'expected a whole number of days from 0 to 90')
    .transform(Number)
    .pipe(z.number().int().max(90, 'expected a whole number of days from 0 to 90'))
    .default(7),
  PRINT_FILE_URL_SECRET: z.string().min(32, 'expected at least 32 random characters').optional(),
  // Read only to check that Lulu can reach the shop; config.ts owns its format and default.
  PUBLIC_URL: z.string().optional(),
});

/** An address on this machine only. */
const LOOPBACK = /^https?:\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/i;

const REQUIRED_WITH_LULU = [
  'LULU_CLIENT_KEY',
  'LULU_CLIENT_SECRET',
  'LULU_CONTACT_EMAIL',
  'PRINT_FILE_URL_SECRET',
] as const;

/**
 * Parses the printer's part of the environment (README "Printing with Lulu"): PRINTER=local|lulu,
 * and with lulu its credentials and settings. Empty values count as unset. Never throws: answers
 * the settings, or one problem per bad variable, naming it and what it expects; secret values are
 * never echoed.
 */
export function parsePrinterSettings(env: Record<string, string | undefined>): PrinterSettingsResult {
  const present = presentEnv(Object.keys(LuluEnvSchema.shape), env);
  const parsed = LuluEnvSchema.superRefine((e, context) => {
    if (e.PRINTER !== 'lulu') return;
    for (const name of REQUIRED_WITH_LULU) {
      if (!e[name]) context.addIssue({ code: 'custom', path: [name], message: 'expected with PRINTER=lulu' });
    }
    // Lulu downloads the print files from the shop, so the shop's address must be one it can reach.
    const publicUrl = e.PUBLIC_URL;
    if (!publicUrl) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          "expected with PRINTER=lulu: the shop's public https address, from which Lulu downloads the print files",
      });
    } else if (LOOPBACK.test(publicUrl) && !LOOPBACK.test(e.LULU_API_URL)) {
      // A shop on this machine is reachable only by a print API on this machine too (a local
      // stand-in of Lulu, as the end-to-end journeys run); Lulu itself could never fetch the files.
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'expected an address Lulu can reach with PRINTER=lulu, not this machine',
      });
    }
  }).safeParse(present);

  if (!parsed.success) {
    return {
      success: false,
      problems: describeEnvIssues(parsed.error.issues, present),
    };
  }
  const e = parsed.data;
  if (e.PRINTER === 'local') return { success: true, data: { provider: 'local', lulu: undefined } };
  const clientSecret = e.LULU_CLIENT_SECRET!;
  return {
    success: true,
    data: {
      provider: 'lulu',
      lulu: {
        apiUrl: e.LULU_API_URL,
        clientKey: e.LULU_CLIENT_KEY!,
        clientSecret,
        webhookSecret: e.LULU_WEBHOOK_SECRET ?? clientSecret,
        contactEmail: e.LULU_CONTACT_EMAIL!,
        shippingLevel: e.LULU_SHIPPING_LEVEL,
        deliveredAfterDays: e.LULU_DELIVERED_AFTER_DAYS,
        printFileUrlSecret: e.PRINT_FILE_URL_SECRET!,
      },
    },
  };
}
