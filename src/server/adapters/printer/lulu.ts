import { createHash } from 'node:crypto';
import type { BookType, CoverType } from '../../../shared/domain/statuses';
import type { Storage } from '../storage/index';
import { type Printer, PrinterError, type PrintFile, type PrintSubmission } from './index';
import type { LuluShippingLevel } from './lulu-config';

/**
 * Lulu's product codes (`pod_package_id`, dotted format; the 27-character form without dots is
 * accepted until 1 February 2027), 8.5 x 8.5 in trim. A storybook: premium full colour on 80#
 * coated white paper, gloss cover. A coloring book: standard black and white on 60# uncoated white
 * paper (crayons take to it), matte cover. Both papers are 444 pages per inch, the figure of the
 * spine formula in src/server/print. Hardcover is Lulu's casewrap, softcover its perfect binding.
 */
export const LULU_POD_PACKAGES: Record<BookType, Record<CoverType, string>> = {
  storybook: {
    hardcover: '0850X0850.FC.PRE.CW.080CW444.GXX',
    softcover: '0850X0850.FC.PRE.PB.080CW444.GXX',
  },
  coloring: {
    hardcover: '0850X0850.BW.STD.CW.060UW444.MXX',
    softcover: '0850X0850.BW.STD.PB.060UW444.MXX',
  },
};

export const LULU_TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
export const LULU_PRINT_JOBS_PATH = '/print-jobs/';

/** Lulu downloads the files when it validates the job; a week leaves room for its retries. */
const DEFAULT_FILE_URL_SECONDS = 7 * 24 * 3600;
/** Lulu's pattern for `phone_number`; another number is left out (Lulu then uses the account's). */
const LULU_PHONE = /^\+?[\d\s\-./()]{8,20}$/;
/** Jobs that print nothing: a new job for the same order does not print it twice. */
const DEAD_STATUSES = new Set(['CANCELED', 'REJECTED']);

export type LuluPrinterOptions = {
  /** `https://api.sandbox.lulu.com` or `https://api.lulu.com` (or a local fake in tests). */
  apiUrl: string;
  clientKey: string;
  clientSecret: string;
  /** Where Lulu writes with questions about a print job. */
  contactEmail: string;
  shippingLevel: LuluShippingLevel;
  /** The shop's storage: the print files are served from it at signed links. */
  storage: Storage;
  /** Signs the links Lulu downloads the files from (src/server/modules/print-files `printFileLinks`). */
  fileLinks: PrintFileLinks;
  /** How long the file links stay valid (7 days). */
  fileUrlSeconds?: number;
  podPackageIds?: Partial<Record<BookType, Partial<Record<CoverType, string>>>>;
  /** Per HTTP request (30 s). */
  timeoutMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
};

/** The signed, expiring links to the shop's stored print files, reachable by Lulu. */
export type PrintFileLinks = {
  /** The link of a stored print file (its storage key), valid `expiresInSeconds` from `now`. */
  sign(key: string, expiresInSeconds: number, now: Date): string;
  /** Hides the link signatures and the signing secret in a text (an error Lulu echoes back). */
  redact(text: string): string;
};

type LuluResponse = { status: number; body: unknown; text: string };
type LuluJob = { id?: unknown; external_id?: unknown; status?: { name?: unknown } };

/**
 * Lulu's Print API (https://api.lulu.com/docs/). One print job per order (`external_id` = our
 * order id) with one line item per cover type; Lulu downloads the PDFs from signed links to the
 * shop (`/api/print-files/...`). Before creating a job it looks for a live one of the same order,
 * so a submission repeated after a crash or a lost answer is recognised, not printed twice.
 * Failures are PrinterErrors: Lulu refusing the request (4xx) is permanent and carries Lulu's
 * message; Lulu failing or out of reach (5xx, 429, network, timeout) is retried by the queue.
 * Status changes come back through the webhook (src/server/modules/printer).
 */
export function createLuluPrinter(options: LuluPrinterOptions): Printer {
  const now = options.now ?? (() => new Date());
  const lulu = createLuluApi(options, now);
  const podPackageId = (bookType: BookType, coverType: CoverType) =>
    options.podPackageIds?.[bookType]?.[coverType] ?? LULU_POD_PACKAGES[bookType][coverType];

  /** The signed link of a stored print file (stored first when missing, as the local printer does). */
  async function fileSource(file: PrintFile) {
    if (!(await options.storage.exists('instances', file.key))) {
      await options.storage.put('instances', file.key, file.data, { contentType: 'application/pdf' });
    }
    return {
      source_url: options.fileLinks.sign(file.key, options.fileUrlSeconds ?? DEFAULT_FILE_URL_SECONDS, now()),
      source_md5_sum: createHash('md5').update(file.data).digest('hex'),
    };
  }

  /** One line item per cover type; a gift copy with its own words is its own (its own interior). */
  async function lineItemsOf(submission: PrintSubmission) {
    const interior = await fileSource(submission.interior);
    const lineItems = [];
    for (const item of submission.items) {
      lineItems.push({
        external_id: item.copy
          ? `${submission.externalId}-copy-${item.copy}`
          : `${submission.externalId}-${item.coverType}`,
        title: submission.title.slice(0, 255),
        quantity: item.quantity,
        printable_normalization: {
          pod_package_id: podPackageId(item.bookType, item.coverType),
          interior: item.interior ? await fileSource(item.interior) : interior,
          cover: await fileSource(item.cover),
        },
      });
    }
    return lineItems;
  }

  return {
    kind: 'lulu',
    async submit(submission) {
      checkSubmission(submission);
      const log = { provider: 'lulu', orderId: submission.externalId };
      const existing = await findLiveJob(lulu, submission.externalId);
      if (existing) {
        options.log?.info({ ...log, printJobId: existing }, 'Lulu already has the print job of this order');
        return { printJobId: existing };
      }
      const lineItems = await lineItemsOf(submission);
      const response = await lulu.api('POST', LULU_PRINT_JOBS_PATH, {
        external_id: submission.externalId,
        contact_email: options.contactEmail,
        // Express orders go by Lulu's fastest level; the others by the configured one.
        shipping_level: submission.shippingLevel === 'express' ? 'EXPRESS' : options.shippingLevel,
        shipping_address: shippingAddress(submission.shipTo),
        line_items: lineItems,
      });
      if (response.status !== 201 && response.status !== 200) throw lulu.failure(response, 'the print job');
      const id = (response.body as { id?: unknown } | null)?.id;
      if (typeof id !== 'number' && typeof id !== 'string') {
        throw new PrinterError('SERVICE_UNAVAILABLE', 'Lulu answered the print job without an id', true);
      }
      options.log?.info({ ...log, printJobId: String(id) }, 'Lulu print job created');
      return { printJobId: String(id) };
    },
  };
}

type LuluLog = LuluPrinterOptions['log'];

/** Lulu's API behind its access token: authorised calls, and their failures as printer errors. */
type LuluApi = {
  /** An authorised call; a token Lulu no longer accepts is replaced once. */
  api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LuluResponse>;
  /** Turns an unsuccessful answer into a printer error, logged without secrets. */
  failure(response: LuluResponse, what: string): Error;
};

function createLuluApi(options: LuluPrinterOptions, now: () => Date): LuluApi {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const clientKey = options.clientKey.trim();
  const clientSecret = options.clientSecret.trim();
  if (!clientKey || !clientSecret) throw new Error('Lulu: the client key or secret is empty');
  const basic = Buffer.from(`${clientKey}:${clientSecret}`, 'utf8').toString('base64');
  const timeoutMs = options.timeoutMs ?? 30_000;

  let token: { value: string; renewAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  const redact = (text: string) => {
    let out = text;
    for (const secret of [clientSecret, basic, token?.value, clientKey]) {
      if (secret) out = out.split(secret).join('[redacted]');
    }
    return options.fileLinks.redact(out).slice(0, 600);
  };
  const send = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) =>
    sendToLulu({ apiUrl, timeoutMs, redact, log: options.log }, method, path, headers, body);
  const failure = (response: LuluResponse, what: string) => luluFailure(response, what, redact, options.log);

  /** The access token, fetched once and reused until shortly before it expires. */
  function accessToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function fetchToken(): Promise<string> {
    const response = await send(
      'POST',
      LULU_TOKEN_PATH,
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (response.status !== 200) throw failure(response, 'the access token');
    const body = response.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || !body.access_token) {
      throw new PrinterError('SERVICE_UNAVAILABLE', 'Lulu answered the token request without a token', true);
    }
    const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    // Renewed a minute early (or halfway through a short lifetime), so no request carries a dying token.
    const margin = Math.min(60, lifetime / 2);
    token = { value: body.access_token, renewAt: now().getTime() + (lifetime - margin) * 1000 };
    return token.value;
  }

  async function api(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LuluResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken();
      const response = await send(
        method,
        path,
        {
          authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body === undefined ? undefined : JSON.stringify(body),
      );
      if (response.status !== 401 || attempt > 0) return response;
      if (token?.value === bearer) token = undefined;
    }
  }

  return { api, failure };
}

/** One HTTP request to Lulu; no answer at all (network, timeout) is a retryable printer error. */
async function sendToLulu(
  connection: { apiUrl: string; timeoutMs: number; redact: (text: string) => string; log: LuluLog },
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<LuluResponse> {
  let response: Response;
  try {
    response = await fetch(`${connection.apiUrl}${path}`, {
      method,
      headers: { accept: 'application/json', 'cache-control': 'no-cache', ...headers },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(connection.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const detail = connection.redact(
      error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    );
    connection.log?.warn({ provider: 'lulu', method, path, detail }, 'Lulu call failed');
    throw new PrinterError(
      'SERVICE_UNAVAILABLE',
      timedOut ? 'Lulu did not answer in time' : 'Lulu could not be reached',
      true,
    );
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): kept as text for the message.
  }
  return { status: response.status, body: parsed, text };
}

/**
 * An unsuccessful answer as a printer error: Lulu busy or failing is retried, a refusal (bad keys,
 * no such endpoint, invalid request) is permanent and carries Lulu's message without secrets.
 */
function luluFailure(
  response: LuluResponse,
  what: string,
  redact: (text: string) => string,
  log: LuluLog,
): Error {
  const { status } = response;
  const detail = redact(luluMessage(response.body) || response.text);
  log?.warn({ provider: 'lulu', status, detail }, `Lulu refused or failed ${what}`);
  const suffix = `(HTTP ${status})${detail ? `: ${detail}` : ''}`;
  if (status === 408 || status === 409 || status === 425 || status === 429 || status >= 500) {
    return new PrinterError('SERVICE_UNAVAILABLE', `Lulu failed ${what} (HTTP ${status})`, true);
  }
  if (status === 401 || status === 403) {
    return new PrinterError(
      'SERVICE_UNAVAILABLE',
      `Lulu refused the client key and secret for ${what} (HTTP ${status}); check LULU_CLIENT_KEY, LULU_CLIENT_SECRET and LULU_API_URL`,
      false,
    );
  }
  if (status === 404) {
    return new PrinterError('SERVICE_UNAVAILABLE', `Lulu has no such endpoint for ${what} ${suffix}`, false);
  }
  return new PrinterError('VALIDATION_INVALID_PARAM', `Lulu refused ${what} ${suffix}`, false);
}

/** A live print job of the order, if Lulu has one (its list is searched by `external_id`). */
async function findLiveJob(lulu: LuluApi, externalId: string): Promise<string | undefined> {
  const query = new URLSearchParams({ search: externalId, exclude_line_items: 'true', page_size: '100' });
  const response = await lulu.api('GET', `${LULU_PRINT_JOBS_PATH}?${query}`);
  if (response.status !== 200) throw lulu.failure(response, 'the print job search');
  const results = (response.body as { results?: unknown } | null)?.results;
  const jobs = Array.isArray(results) ? (results as LuluJob[]) : [];
  // `search` also matches other fields: only an exact external id counts.
  const live = jobs.find(
    (job) =>
      job.external_id === externalId &&
      !DEAD_STATUSES.has(String(job.status?.name ?? '')) &&
      (typeof job.id === 'number' || typeof job.id === 'string'),
  );
  return live ? String(live.id) : undefined;
}

/** What Lulu would refuse anyway, refused before any request (a fault of ours: permanent). */
function checkSubmission(submission: PrintSubmission): void {
  if (submission.items.length === 0) {
    throw new PrinterError('VALIDATION_INVALID_PARAM', 'The print order has no books', false);
  }
  for (const item of submission.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new PrinterError(
        'VALIDATION_INVALID_PARAM',
        `Bad quantity ${item.quantity} of ${item.coverType}`,
        false,
      );
    }
  }
  const { shipTo } = submission;
  const missing = (['name', 'address', 'city', 'postalCode', 'country'] as const).filter(
    (field) => !shipTo[field].trim(),
  );
  if (missing.length > 0) {
    throw new PrinterError(
      'VALIDATION_INVALID_PARAM',
      `The shipping address has no ${missing.join(', ')}`,
      false,
    );
  }
}

/** Our shipping address in Lulu's words; a phone Lulu would refuse is left out. */
function shippingAddress(shipTo: PrintSubmission['shipTo']) {
  const phone = shipTo.phone?.trim();
  const email = shipTo.email.trim();
  return {
    name: shipTo.name.trim(),
    street1: shipTo.address.trim(),
    city: shipTo.city.trim(),
    postcode: shipTo.postalCode.trim(),
    ...(shipTo.region?.trim() ? { state_code: shipTo.region.trim().toUpperCase() } : {}),
    country_code: shipTo.country.trim().toUpperCase(),
    ...(phone && LULU_PHONE.test(phone) ? { phone_number: phone } : {}),
    ...(email ? { email } : {}),
  };
}

/**
 * Lulu's error body as one line. Its validation errors come as `{ field: ["message"] }`, nested
 * for addresses and line items (`shipping_address.postcode: ...`); others as `{ detail }`.
 */
function luluMessage(body: unknown, path = ''): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return path ? `${path}: ${body}` : body;
  if (typeof body === 'number' || typeof body === 'boolean') return luluMessage(String(body), path);
  if (Array.isArray(body)) {
    return body
      .map((entry, index) =>
        luluMessage(entry, typeof entry === 'object' && entry !== null ? `${path}[${index}]` : path),
      )
      .filter(Boolean)
      .join('; ');
  }
  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error_description']) {
    if (typeof record[key] === 'string') return luluMessage(record[key], path);
  }
  return Object.entries(record)
    .map(([key, value]) => luluMessage(value, path ? `${path}.${key}` : key))
    .filter(Boolean)
    .join('; ');
}
