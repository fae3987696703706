import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { languageOr } from '../../../shared/domain/languages';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
import type { PaymentEvent, PaymentLine } from '../../adapters/payments/index';
import { LOCAL_TEST_CARDS, type LocalCardOutcome } from '../../adapters/payments/local';
import { signPayload } from '../../adapters/payments/signature';
import type { Db } from '../../db/client';
import { customers, orders, paymentSessions } from '../../db/schema';
import { escapeHtml } from '../../html';
import { fill, formatMoney, serverTexts } from '../../i18n';
import { markLocalPaymentDelivered, recordLocalPayment } from './local-notifications';

type PageTexts = {
  page: {
    title: string;
    testMode: string;
    heading: string;
    total: string;
    email: string;
    cardNumber: string;
    expiry: string;
    expiryPlaceholder: string;
    cvc: string;
    nameOnCard: string;
    pay: string;
    cancel: string;
    testCardsTitle: string;
    testCards: Record<LocalCardOutcome, string>;
    testCardsHint: string;
    errors: Record<'cardNumber' | 'unknownCard' | 'expiry' | 'cvc' | 'name', string>;
    closedTitle: string;
    closedPaid: string;
    closedExpired: string;
    toOrder: string;
    notFoundTitle: string;
    notFoundBody: string;
    methods: string;
    methodCard: string;
    methodTwint: string;
    or: string;
    twintHint: string;
    payTwint: string;
  };
};

type Form = { cardNumber: string; expiry: string; cvc: string; name: string; method?: string };
type FieldErrors = Partial<Record<keyof Form | 'card', string>>;

/** The Luhn check every real card number passes. */
function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function validate(form: Form, now: Date, texts: PageTexts['page']): FieldErrors {
  const errors: FieldErrors = {};
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) errors.cardNumber = texts.errors.cardNumber;
  else if (!(digits in LOCAL_TEST_CARDS)) errors.cardNumber = texts.errors.unknownCard;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now) errors.expiry = texts.errors.expiry;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = texts.errors.cvc;
  if (form.name.trim() === '') errors.name = texts.errors.name;
  return errors;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f3ee;color:#2d2a32}
main{max-width:880px;margin:0 auto;padding:24px 16px;display:grid;gap:24px}
@media(min-width:760px){main{grid-template-columns:1fr 1fr;padding:48px 24px}}
.badge{display:inline-block;background:#fff4d6;color:#7a5200;border-radius:999px;padding:4px 12px;font-size:13px;font-weight:600}
h1{font-size:22px;margin:12px 0 4px}section{background:#fff;border-radius:16px;padding:24px;box-shadow:0 1px 3px #0001}
table{width:100%;border-collapse:collapse;font-size:15px}td{padding:6px 0;vertical-align:top}td.amount{text-align:right;white-space:nowrap}
tr.total td{border-top:1px solid #e6e1d8;padding-top:12px;font-weight:700;font-size:18px}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;font:inherit;padding:12px;border:1px solid #cfc8bb;border-radius:10px;background:#fff}
input:focus{outline:3px solid #b8a4f0;border-color:#6b4fd8}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{color:#b42318;font-size:14px;margin:6px 0 0}
button{margin-top:20px;width:100%;font:inherit;font-weight:700;font-size:17px;padding:14px;border:0;border-radius:12px;background:#6b4fd8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #2d2a32;outline-offset:2px}
fieldset{border:0;padding:0;margin:0}legend{font-weight:700;font-size:17px;padding:0}
h2.method{font-size:16px;margin:18px 0 0;display:flex;align-items:center;gap:8px}
.or{display:flex;align-items:center;gap:12px;color:#6b6473;font-size:14px;margin:20px 0 4px}.or::before,.or::after{content:"";flex:1;border-top:1px solid #e6e1d8}
button.twint{background:#000;color:#fff}
a{color:#5a3fc4}.muted{color:#6b6473;font-size:14px}.cards{font-size:14px;padding-left:18px}.cards code{font-size:14px}
.cancel{display:block;text-align:center;margin-top:16px}
`;

function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const money = (amount: number, lang: string) => formatMoney(amount, lang);

type Session = typeof paymentSessions.$inferSelect;
type Row = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

async function loadSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      session: paymentSessions,
      orderNumber: orders.orderNumber,
      language: orders.language,
      paymentStatus: orders.paymentStatus,
      email: customers.email,
    })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(paymentSessions.id, sessionId))
    .limit(1);
  return row && row.session.provider === 'local' ? row : undefined;
}

/** The notification Stripe would send about this page, created at `now`. */
function eventFor(
  type: PaymentEvent['type'],
  session: Session,
  paymentStatus: 'paid' | 'unpaid',
  now: Date,
  method?: PaymentMethod,
): PaymentEvent {
  return {
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    type,
    created: Math.floor(now.getTime() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        payment_status: paymentStatus,
        amount_total: session.amount,
        currency: session.currency.toLowerCase(),
        client_reference_id: session.orderId,
        // One test payment per page: its id follows from the page's.
        payment_intent: session.id.replace(/^cs_/, 'pi_'),
        // Stripe lists the methods offered; this page names the one used (adapters/payments/local.ts).
        ...(method ? { payment_method_types: [method] } : {}),
        metadata: { orderId: session.orderId },
      },
    },
  };
}

const successUrl = (session: Session) =>
  session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));

function render(row: Row, form: Partial<Form> = {}, errors: FieldErrors = {}): string {
  const lang = languageOr(row.language);
  const t = serverTexts<PageTexts>('payments', lang).page;
  const lines = row.session.lines as PaymentLine[];
  const field = (name: keyof Form, label: string, attrs: string) => {
    const error = errors[name];
    return `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attrs} value="${escapeHtml(form[name] ?? '')}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
  };
  const cards = (Object.entries(LOCAL_TEST_CARDS) as [string, LocalCardOutcome][])
    .map(
      ([number, outcome]) =>
        `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escapeHtml(t.testCards[outcome])}</li>`,
    )
    .join('');
  return page(
    lang,
    t.title,
    `<main><section aria-labelledby="summary"><span class="badge">${escapeHtml(t.testMode)}</span>
<h1 id="summary">${escapeHtml(fill(t.heading, { orderNumber: row.orderNumber }))}</h1>
<table>${lines.map((line) => `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td class="amount">${money(line.unitAmount * line.quantity, lang)}</td></tr>`).join('')}
<tr class="total"><td>${escapeHtml(t.total)}</td><td class="amount">${money(row.session.amount, lang)}</td></tr></table>
<p class="muted">${escapeHtml(fill(t.email, { email: row.email ?? '' }))}</p>
<h2 class="muted">${escapeHtml(t.testCardsTitle)}</h2><ul class="cards">${cards}</ul><p class="muted">${escapeHtml(t.testCardsHint)}</p></section>
<section><fieldset><legend>${escapeHtml(t.methods)}</legend>
<h2 class="method">${escapeHtml(t.methodCard)}</h2>
<form method="post" action="/pay/${encodeURIComponent(row.session.id)}" novalidate><input type="hidden" name="method" value="card">
${field('cardNumber', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row"><div>${field('expiry', t.expiry, `autocomplete="cc-exp" placeholder="${escapeHtml(t.expiryPlaceholder)}" required`)}</div><div>${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
${field('name', t.nameOnCard, 'autocomplete="cc-name" required')}
<button type="submit">${escapeHtml(fill(t.pay, { amount: money(row.session.amount, lang) }))}</button></form>
<p class="or">${escapeHtml(t.or)}</p>
<h2 class="method">${escapeHtml(t.methodTwint)}</h2>
<form method="post" action="/pay/${encodeURIComponent(row.session.id)}"><input type="hidden" name="method" value="twint">
<p class="muted">${escapeHtml(t.twintHint)}</p>
<button type="submit" class="twint">${escapeHtml(fill(t.payTwint, { amount: money(row.session.amount, lang) }))}</button></form></fieldset>
<a class="cancel" href="${escapeHtml(row.session.cancelUrl)}">${escapeHtml(t.cancel)}</a></section></main>`,
  );
}

function closed(row: Row): string {
  const lang = languageOr(row.language);
  const t = serverTexts<PageTexts>('payments', lang).page;
  const body = row.paymentStatus === 'paid' ? t.closedPaid : t.closedExpired;
  return page(
    lang,
    t.title,
    `<main><section><h1>${escapeHtml(t.closedTitle)}</h1><p>${escapeHtml(body)}</p><a href="${escapeHtml(successUrl(row.session))}">${escapeHtml(t.toOrder)}</a></section></main>`,
  );
}

function notFoundPage(): string {
  const t = serverTexts<PageTexts>('payments', 'en').page;
  return page(
    'en',
    t.notFoundTitle,
    `<main><section><h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundBody)}</p><a href="/">Cuddle Tales</a></section></main>`,
  );
}

/** The posted form as text fields, the method (card unless TWINT) and the card's outcome. */
function readForm(body: Partial<Form>) {
  const form: Form = {
    cardNumber: String(body.cardNumber ?? ''),
    expiry: String(body.expiry ?? ''),
    cvc: String(body.cvc ?? ''),
    name: String(body.name ?? ''),
  };
  // TWINT pays at once in the demo (the real one is confirmed in the TWINT app at Stripe).
  const method: PaymentMethod = body.method === 'twint' ? 'twint' : 'card';
  const card = LOCAL_TEST_CARDS[form.cardNumber.replace(/[\s-]/g, '') as keyof typeof LOCAL_TEST_CARDS];
  const outcome: LocalCardOutcome = method === 'twint' ? 'paid' : card;
  return { form, method, outcome };
}

/**
 * The local payment provider's hosted card page (the embedded default of docs/product.md): it shows the
 * server's lines and total, takes one of Stripe's test cards, sends a signed Stripe-shaped
 * notification through the real webhook route, and redirects as Stripe would. The page's outcome
 * and its notification are recorded together first (local-notifications.ts): a crash before the
 * shop is told leaves the notification to the worker, never a payment the shop does not know.
 */
export function localPaymentPage(options: {
  webhookSecret: string;
  now: () => Date;
  /** Runs once the payment is recorded and before the shop is told (a test's crash point). */
  afterRecorded?: () => void;
}): FastifyPluginAsync {
  return async (app) => {
    const { now } = options;
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const load = (sessionId: string) => loadSession(app.database.db, sessionId);

    const notify = async (event: PaymentEvent) => {
      const payload = JSON.stringify(event);
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(payload, options.webhookSecret, Math.floor(now().getTime() / 1000)),
        },
        payload,
      });
      if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
    };

    /** An open session past its time is closed here, with the notification Stripe would send. */
    async function expireIfDue(row: Row) {
      if (row.session.status === 'open' && row.session.expiresAt <= now()) {
        await notify(eventFor('checkout.session.expired', row.session, 'unpaid', now()));
        return true;
      }
      return row.session.status !== 'open';
    }

    /**
     * Records the page's outcome with its notification, then tells the shop. If the shop does not
     * take it now, the recorded notification is delivered by the worker: the card was taken.
     */
    async function takePayment(row: Row, outcome: LocalCardOutcome, method: PaymentMethod) {
      const event =
        outcome === 'paid'
          ? eventFor('checkout.session.completed', row.session, 'paid', now(), method)
          : eventFor('checkout.session.async_payment_failed', row.session, 'unpaid', now());
      const status = outcome === 'paid' ? 'complete' : 'failed';
      if (!(await recordLocalPayment(app.database.db, row.session, status, event))) return false;
      options.afterRecorded?.();
      try {
        await notify(event);
        await markLocalPaymentDelivered(app.database.db, row.session.id);
      } catch (error) {
        app.log.warn(
          { sessionId: row.session.id, err: error },
          'the shop did not take the card page’s notification; the worker delivers it',
        );
      }
      return true;
    }

    app.get<{ Params: { sessionId: string } }>('/pay/:sessionId', async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const row = await load(request.params.sessionId);
      if (!row) return reply.code(404).send(notFoundPage());
      if (row.paymentStatus === 'paid' || (await expireIfDue(row))) return reply.send(closed(row));
      return reply.send(render(row));
    });

    app.post<{ Params: { sessionId: string }; Body: Partial<Form> }>(
      '/pay/:sessionId',
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        const row = await load(request.params.sessionId);
        if (!row) return reply.code(404).send(notFoundPage());
        if (row.paymentStatus === 'paid' || (await expireIfDue(row))) return reply.send(closed(row));
        const { form, method, outcome } = readForm((request.body ?? {}) as Partial<Form>);
        const t = serverTexts<PageTexts>('payments', row.language).page;
        const errors = method === 'card' ? validate(form, now(), t) : {};
        if (Object.keys(errors).length > 0) {
          return reply.code(422).send(render(row, { ...form, cvc: '' }, errors));
        }
        // One payment per page, however many times the form is posted at once: the first post
        // closes the page; the others find it closed.
        if (!(await takePayment(row, outcome, method))) {
          return reply.send(closed((await load(row.session.id)) ?? row));
        }
        request.log.info({ sessionId: row.session.id, outcome, method }, 'local payment page');
        return reply.redirect(successUrl(row.session), 303);
      },
    );
  };
}
