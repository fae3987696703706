import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A form body decoded from Stripe's bracket keys: `a[b][0][c]=1` becomes `{ a: { b: [{ c: '1' }] } }`. */
type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormParams = { [key: string]: FormValue };

type RecordedStripeRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent (application/x-www-form-urlencoded). */
  rawBody: string;
  /** The body decoded into nested objects and arrays; every leaf is a string, as on the wire. */
  params: FormParams;
};

/** Stripe's error object (`{ error: { ... } }` on the wire). */
type StripeErrorBody = { type: string; message: string; code?: string; param?: string };

export type FakeStripe = {
  /** The base URL to give the adapter as `apiBaseUrl`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every request to `POST /v1/checkout/sessions`, in order (also the ones that were failed). */
  requests: RecordedStripeRequest[];
  /** Ids of the sessions the shop asked to expire. */
  expired: string[];
  /** Every request to `POST /v1/refunds`, in order (also the ones that were failed). */
  refunds: RecordedStripeRequest[];
  /** Ids of the sessions the shop read back (`GET /v1/checkout/sessions/{id}`). */
  retrieved: string[];
  /** Answers the next `times` refund requests with this status and Stripe error body. */
  failNextRefund(status: number, error: StripeErrorBody, times?: number): void;
  /** Requests to any other route; a test fails when this is not empty. */
  unexpected: string[];
  /** Answers the next `times` session requests with this status and Stripe error body. */
  failNext(status: number, error: StripeErrorBody, times?: number): void;
  /** Answers the next session request without `url` (as for an embedded or already closed session). */
  omitUrlNext(): void;
  /** Never answers the next `times` session requests (for timeouts). */
  hangNext(times?: number): void;
  close(): Promise<void>;
};

type Plan = { kind: 'fail'; status: number; error: StripeErrorBody } | { kind: 'no-url' } | { kind: 'hang' };

const SESSIONS_PATH = '/v1/checkout/sessions';

/**
 * A local stand-in for `api.stripe.com` that knows one call: creating a Checkout Session. It checks
 * the secret key like Stripe (401 without `Bearer sk_test_...`, or with another key than `apiKey`
 * when one is given), records the decoded form, and answers a `checkout.session` whose
 * `amount_total` is the sum of the line items.
 */
export async function startFakeStripe(options: { apiKey?: string } = {}): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const expired: string[] = [];
  const refunds: RecordedStripeRequest[] = [];
  const retrieved: string[] = [];
  const refundFailures: { status: number; error: StripeErrorBody }[] = [];
  // Stripe answers a repeated idempotency key with the first answer: one refund per key.
  const refundByKey = new Map<string, string>();
  const unexpected: string[] = [];
  const plans: Plan[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? '';
      const path = (req.url ?? '').split('?')[0] ?? '';
      // Expiring an open session: answered like Stripe, and recorded.
      const expire = /^\/v1\/checkout\/sessions\/(cs_test_[A-Za-z0-9_-]+)\/expire$/.exec(path);
      if (method === 'POST' && expire) {
        expired.push(expire[1]!);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: expire[1], object: 'checkout.session', status: 'expired', url: null }));
        return;
      }
      // Reading a session back: its PaymentIntent follows from its id.
      const read = /^\/v1\/checkout\/sessions\/(cs_test_[A-Za-z0-9_-]+)$/.exec(path);
      if (method === 'GET' && read) {
        retrieved.push(read[1]!);
        sendJson(res, 200, {
          id: read[1],
          object: 'checkout.session',
          payment_intent: read[1]!.replace(/^cs_/, 'pi_'),
        });
        return;
      }
      // Reading a payment with its latest charge: a PaymentIntent id with "twint" in it was paid by
      // TWINT, any other by card (the method the shop records, issue 32).
      const intent = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9_-]+)$/.exec(path);
      if (method === 'GET' && intent) {
        const type = intent[1]!.includes('twint') ? 'twint' : 'card';
        sendJson(res, 200, {
          id: intent[1],
          object: 'payment_intent',
          latest_charge: { id: `ch_${intent[1]}`, object: 'charge', payment_method_details: { type } },
        });
        return;
      }
      if (method === 'POST' && path === '/v1/refunds') {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const params = parseForm(rawBody);
        refunds.push({ method, path, headers: req.headers, rawBody, params });
        const failure = refundFailures.shift();
        if (failure) {
          sendError(res, failure.status, failure.error);
          return;
        }
        const key = String(req.headers['idempotency-key'] ?? randomBytes(8).toString('hex'));
        const id = refundByKey.get(key) ?? `re_test_${randomBytes(12).toString('hex')}`;
        refundByKey.set(key, id);
        sendJson(res, 200, {
          id,
          object: 'refund',
          amount: Number(params.amount),
          payment_intent: params.payment_intent,
          status: 'succeeded',
        });
        return;
      }
      if (method !== 'POST' || path !== SESSIONS_PATH) {
        unexpected.push(`${method} ${req.url ?? ''}`);
        sendError(res, 404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}).`,
        });
        return;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const params = parseForm(rawBody);
      requests.push({ method, path, headers: req.headers, rawBody, params });

      const key = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!key.startsWith('sk_test_') || (options.apiKey !== undefined && key !== options.apiKey)) {
        sendError(res, 401, {
          type: 'invalid_request_error',
          message: key ? `Invalid API Key provided: ${maskKey(key)}` : 'You did not provide an API key.',
        });
        return;
      }

      const plan = plans.shift();
      if (plan?.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (plan?.kind === 'fail') {
        sendError(res, plan.status, plan.error);
        return;
      }
      const missing = ['mode', 'line_items', 'success_url'].find((name) => params[name] === undefined);
      if (missing) {
        sendError(res, 400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: missing,
          message: `Missing required param: ${missing}.`,
        });
        return;
      }
      const session = checkoutSession(params);
      if (plan?.kind === 'no-url') session.url = null;
      sendJson(res, 200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    expired,
    refunds,
    retrieved,
    unexpected,
    failNextRefund(status, error, times = 1) {
      for (let i = 0; i < times; i += 1) refundFailures.push({ status, error });
    },
    failNext(status, error, times = 1) {
      for (let i = 0; i < times; i += 1) plans.push({ kind: 'fail', status, error });
    },
    omitUrlNext() {
      plans.push({ kind: 'no-url' });
    },
    hangNext(times = 1) {
      for (let i = 0; i < times; i += 1) plans.push({ kind: 'hang' });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Decodes `a[b][0][c]=1&...` into nested objects; numeric keys make arrays, as qs does. */
function parseForm(body: string): FormParams {
  const root: FormParams = {};
  for (const [fullKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    if (!match) {
      root[fullKey] = value;
      continue;
    }
    const path = [match[1]!, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: FormParams | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as FormParams | FormValue[];
    });
  }
  return root;
}

type LineItemParams = { quantity?: string; price_data?: { unit_amount?: string; currency?: string } };

function checkoutSession(params: FormParams) {
  const id = `cs_test_${randomBytes(24).toString('base64url')}`;
  const lineItems = (Array.isArray(params.line_items) ? params.line_items : []) as LineItemParams[];
  const amountTotal = lineItems.reduce(
    (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
    0,
  );
  const text = (name: string) => (typeof params[name] === 'string' ? params[name] : null);
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    cancel_url: text('cancel_url'),
    client_reference_id: text('client_reference_id'),
    created: Math.floor(Date.now() / 1000),
    currency: lineItems[0]?.price_data?.currency ?? null,
    customer_email: text('customer_email'),
    expires_at: Number(text('expires_at') ?? Math.floor(Date.now() / 1000) + 86_400),
    livemode: false,
    locale: text('locale'),
    metadata: typeof params.metadata === 'object' ? params.metadata : {},
    mode: text('mode'),
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: text('success_url'),
    url: `https://checkout.stripe.com/c/pay/${id}` as string | null,
  };
}

/** Stripe shows only the end of a wrong key. */
function maskKey(key: string): string {
  return `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
    })
    .end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, error: StripeErrorBody) {
  sendJson(res, status, { error });
}
