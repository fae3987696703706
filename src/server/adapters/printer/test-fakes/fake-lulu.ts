import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LULU_PRINT_JOBS_PATH, LULU_TOKEN_PATH } from '../lulu';
import { LULU_SHIPPING_LEVELS } from '../lulu-config';

type RecordedLuluRequest = {
  method: string;
  /** Path and query, e.g. `/print-jobs/?search=...`. */
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The JSON body, or the form body of a token request as an object. */
  body: unknown;
};

/** A print job as the fake keeps it (the fields the shop sends, plus Lulu's id and status). */
type FakeLuluJob = {
  id: number;
  external_id?: string;
  contact_email?: string;
  shipping_level?: string;
  shipping_address?: Record<string, unknown>;
  line_items: Record<string, unknown>[];
  status: { name: string; message: string; changed: string };
};

/** One download of a source file by the fake, as Lulu makes after a job is created. */
type FakeLuluDownload = {
  url: string;
  status: number;
  contentType: string;
  md5: string;
  size: number;
};

type Route = 'token' | 'list' | 'create';
type Plan = { kind: 'fail'; status: number; body: unknown } | { kind: 'hang' };

export type FakeLulu = {
  /** The base URL to give the adapter as `apiUrl`. */
  url: string;
  /** Token requests, in order (also refused ones). */
  tokenRequests: RecordedLuluRequest[];
  /** Requests to `/print-jobs/` (search and create), in order (also refused ones). */
  requests: RecordedLuluRequest[];
  /** The print jobs created (or seeded), in order. */
  jobs: FakeLuluJob[];
  /** The files fetched from the jobs' `source_url`s. */
  downloads: FakeLuluDownload[];
  /** Requests to any other route; a test fails when this is not empty. */
  unexpected: string[];
  /** Answers the next `times` requests of a route with this status and body. */
  failNext(route: Route, status: number, body: unknown, times?: number): void;
  /** Never answers the next request of a route (for timeouts). */
  hangNext(route: Route): void;
  /** Forgets every token given so far, as when Lulu's tokens expire early. */
  revokeTokens(): void;
  /** Adds a job as if it had been created before (another process, an earlier run). */
  seedJob(job: Omit<FakeLuluJob, 'id' | 'status'> & { status?: string }): FakeLuluJob;
  close(): Promise<void>;
};

/**
 * A local stand-in for Lulu's Print API (`api.lulu.com`): the OAuth token endpoint (client
 * credentials, HTTP Basic), and `/print-jobs/` to search (`?search=`) and to create. It checks the
 * credentials and the bearer token like Lulu, answers validation errors in Lulu's
 * `{ field: ["message"] }` shape, and, when a job is created, downloads its source files the way
 * Lulu does (option `downloadFiles`, on by default), so tests see that the links really work.
 */
export async function startFakeLulu(options: {
  clientKey: string;
  clientSecret: string;
  tokenLifetimeSeconds?: number;
  downloadFiles?: boolean;
  /** A fixed port (the end-to-end journeys' stand-in); a free one by default. */
  port?: number;
}): Promise<FakeLulu> {
  const tokenRequests: RecordedLuluRequest[] = [];
  const requests: RecordedLuluRequest[] = [];
  const jobs: FakeLuluJob[] = [];
  const downloads: FakeLuluDownload[] = [];
  const unexpected: string[] = [];
  const plans: Record<Route, Plan[]> = { token: [], list: [], create: [] };
  const tokens = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  let nextId = 4200;
  const expectedBasic = `Basic ${Buffer.from(`${options.clientKey}:${options.clientSecret}`).toString('base64')}`;

  const newJob = (fields: Omit<FakeLuluJob, 'id' | 'status'>, status = 'CREATED'): FakeLuluJob => {
    nextId += 1;
    const job = {
      ...fields,
      id: nextId,
      status: {
        name: status,
        message: 'Print-job is currently being validated',
        changed: new Date().toISOString(),
      },
    };
    jobs.push(job);
    return job;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        sendJson(res, 500, { detail: `fake failed: ${String(error)}` });
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, rawBody: string) {
    const method = req.method ?? '';
    const url = req.url ?? '';
    const [path = '', queryString = ''] = url.split('?');
    const route: Route | undefined =
      method === 'POST' && path === LULU_TOKEN_PATH
        ? 'token'
        : method === 'GET' && path === LULU_PRINT_JOBS_PATH
          ? 'list'
          : method === 'POST' && path === LULU_PRINT_JOBS_PATH
            ? 'create'
            : undefined;
    if (!route) {
      unexpected.push(`${method} ${url}`);
      sendJson(res, 404, { detail: 'Not found.' });
      return;
    }
    const body = route === 'token' ? Object.fromEntries(new URLSearchParams(rawBody)) : parseJson(rawBody);
    const record = { method, url, headers: req.headers, rawBody, body };
    (route === 'token' ? tokenRequests : requests).push(record);

    const plan = plans[route].shift();
    if (plan?.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (plan?.kind === 'fail') {
      sendJson(res, plan.status, plan.body);
      return;
    }

    if (route === 'token') {
      const form = body as Record<string, string>;
      if (req.headers.authorization !== expectedBasic) {
        sendJson(res, 401, {
          error: 'unauthorized_client',
          error_description: 'Invalid client or Invalid client credentials',
        });
        return;
      }
      if (form.grant_type !== 'client_credentials') {
        sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
        return;
      }
      const token = `eyJfake.${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      sendJson(res, 200, {
        access_token: token,
        expires_in: options.tokenLifetimeSeconds ?? 3600,
        refresh_expires_in: 604800,
        token_type: 'bearer',
        'not-before-policy': 0,
      });
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      sendJson(res, 401, { detail: 'Authentication credentials were not provided or are invalid.' });
      return;
    }

    if (route === 'list') {
      const search = new URLSearchParams(queryString).get('search') ?? '';
      const results = jobs.filter((job) =>
        [String(job.id), job.external_id ?? '', job.status.name].some((field) => field.includes(search)),
      );
      sendJson(res, 200, { count: results.length, next: null, previous: null, results });
      return;
    }

    const errors = validateJob(body);
    if (Object.keys(errors).length > 0) {
      sendJson(res, 400, errors);
      return;
    }
    const job = newJob(body as Omit<FakeLuluJob, 'id' | 'status'>);
    if (options.downloadFiles !== false) await downloadSources(job);
    sendJson(res, 201, job);
  }

  async function downloadSources(job: FakeLuluJob) {
    const urls = new Set<string>();
    for (const item of job.line_items) {
      const printable = item.printable_normalization as Record<string, { source_url?: string }>;
      for (const part of ['interior', 'cover']) {
        const source = printable[part]?.source_url;
        if (source) urls.add(source);
      }
    }
    for (const url of urls) {
      const response = await fetch(url).catch(() => undefined);
      const data = response ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      downloads.push({
        url,
        status: response?.status ?? 0,
        contentType: response?.headers.get('content-type') ?? '',
        md5: createHash('md5').update(data).digest('hex'),
        size: data.length,
      });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    tokenRequests,
    requests,
    jobs,
    downloads,
    unexpected,
    failNext(route, status, body, times = 1) {
      for (let i = 0; i < times; i += 1) plans[route].push({ kind: 'fail', status, body });
    },
    hangNext(route) {
      plans[route].push({ kind: 'hang' });
    },
    revokeTokens() {
      tokens.clear();
    },
    seedJob({ status, ...fields }) {
      return newJob(fields, status);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The checks Lulu makes on a new print job, with its error shape. */
function validateJob(body: unknown): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const job = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const required = 'This field is required.';
  if (typeof job.contact_email !== 'string' || !job.contact_email.includes('@'))
    errors.contact_email = [required];
  if (!LULU_SHIPPING_LEVELS.includes(job.shipping_level as never)) {
    errors.shipping_level = [`"${String(job.shipping_level)}" is not a valid choice.`];
  }
  const address = (job.shipping_address ?? {}) as Record<string, unknown>;
  const addressErrors: Record<string, string[]> = {};
  for (const field of ['name', 'street1', 'city', 'postcode', 'country_code']) {
    if (typeof address[field] !== 'string' || !address[field]) addressErrors[field] = [required];
  }
  if (typeof address.country_code === 'string' && !/^[A-Z]{2}$/.test(address.country_code)) {
    addressErrors.country_code = ['Ensure this field has no more than 2 characters.'];
  }
  if (address.phone_number !== undefined && !/^\+?[\d\s\-./()]{8,20}$/.test(String(address.phone_number))) {
    addressErrors.phone_number = ['Enter a valid phone number.'];
  }
  if (Object.keys(addressErrors).length > 0) errors.shipping_address = addressErrors;
  const items = Array.isArray(job.line_items) ? (job.line_items as Record<string, unknown>[]) : [];
  if (items.length === 0) errors.line_items = [required];
  const itemErrors = items.map((item) => {
    const problems: Record<string, string[]> = {};
    const printable = (item.printable_normalization ?? {}) as Record<
      string,
      { source_url?: unknown } | undefined
    >;
    if (typeof printable.pod_package_id !== 'string') problems.pod_package_id = [required];
    else if (!isKnownProduct(printable.pod_package_id)) {
      problems.pod_package_id = [`Unknown product ${printable.pod_package_id}.`];
    }
    for (const part of ['interior', 'cover']) {
      if (typeof printable[part]?.source_url !== 'string') problems[part] = [required];
    }
    if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1) {
      problems.quantity = ['Ensure this value is greater than or equal to 1.'];
    }
    return problems;
  });
  if (itemErrors.some((problems) => Object.keys(problems).length > 0)) errors.line_items = itemErrors;
  return errors;
}

/**
 * Lulu's dotted product code: trim, colour and quality, binding, paper (weight, coated or uncoated,
 * pages per inch), cover finish. Like Lulu, the fake knows which go together: premium colour on
 * coated paper, black and white (standard) on uncoated or cream paper.
 */
const POD_PACKAGE =
  /^(\d{4}X\d{4})\.(FC|BW)\.(PRE|STD)\.(PB|CW|LW|CO|WO|SS)\.(\d{3})(CW|UW|UC)(\d{3})\.([GM])XX$/;

function isKnownProduct(code: string): boolean {
  const match = POD_PACKAGE.exec(code);
  if (!match) return false;
  const [, , colour, quality, , , paper] = match;
  if (colour === 'FC') return quality === 'PRE' ? paper === 'CW' : true;
  return quality === 'STD' && (paper === 'UW' || paper === 'UC');
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
