import { and, eq } from 'drizzle-orm';
import { deliveryWindow, formatDeliveryDay, PRINTING_BUSINESS_DAYS } from '../../../shared/domain/shipping';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n';
import type { Mailer, MailMessage } from '../../adapters/mail/index';
import { personalisationWithWords } from '../../book/words';
import type { Db } from '../../db/client';
import { bookInstances, customers, orders, paymentRefunds, users } from '../../db/schema';
import type { EmailFrameTexts } from '../../email-layout';
import { emailButton, emailHtml, emailLinkFallback, emailNote, emailParagraph } from '../../email-layout';
import { fill, formatMoney, serverTexts } from '../../i18n';
import { PermanentJobError } from '../../jobs/errors';
import type { OrderEmail } from '../../jobs/queue';
import { bookTitle } from '../../stories/title';
import { type Receipt, receiptHtml, receiptOf, receiptText, type Seller } from '../orders/receipt';
import { orderView } from '../orders/repo';

type OrderEmailTexts = EmailFrameTexts & {
  orderLine: string;
  delivery: string;
  deliveryExpress: string;
} & Record<OrderEmail, { subject: string; body: string; button: string }>;

export type OrderEmailValues = {
  to: string;
  language: Language;
  orderNumber: string;
  title: string;
  /** Where the button goes: the order page, or the parcel's tracking page. */
  url: string;
  trackingNumber?: string;
  /** The refund e-mails: the amount given back, already formatted ("CHF 95.81"). */
  amount?: string;
  /** The paid and sent-to-print e-mails: when the parcel should arrive (calendar dates). */
  delivery?: { earliest: string; latest: string; express: boolean };
  /** The order-paid e-mail: its receipt (issue 18). */
  receipt?: Receipt;
};

/** An e-mail about an order in the buyer's language, with an HTML and a plain-text part. */
export function renderOrderEmail(kind: OrderEmail, values: OrderEmailValues): MailMessage {
  const texts = serverTexts<OrderEmailTexts>('emails', values.language);
  const part = texts[kind];
  const vars = {
    orderNumber: values.orderNumber,
    title: values.title,
    trackingNumber: values.trackingNumber ?? '',
    amount: values.amount ?? '',
    printMin: PRINTING_BUSINESS_DAYS.min,
    printMax: PRINTING_BUSINESS_DAYS.max,
  };
  const subject = fill(part.subject, vars);
  const body = fill(part.body, vars);
  const orderLine = fill(texts.orderLine, vars);
  const delivery = values.delivery
    ? fill(texts.delivery, {
        earliest: formatDeliveryDay(values.delivery.earliest, values.language),
        latest: formatDeliveryDay(values.delivery.latest, values.language),
        express: values.delivery.express ? texts.deliveryExpress : '',
      })
    : undefined;
  const text = [
    texts.greeting,
    '',
    body,
    '',
    ...(delivery ? [delivery, ''] : []),
    ...(values.receipt ? [receiptText(values.receipt), ''] : []),
    orderLine,
    '',
    fill(texts.buttonLine, { button: part.button, url: values.url }),
    '',
    texts.signature,
    '',
    '--',
    texts.footer,
  ].join('\n');
  const html = emailHtml({
    language: values.language,
    brand: texts.brand,
    greeting: texts.greeting,
    blocks: [
      emailParagraph(body),
      ...(delivery ? [emailParagraph(delivery, { bold: true })] : []),
      ...(values.receipt ? [receiptHtml(values.receipt)] : []),
      emailNote(orderLine, { muted: true }),
      emailButton(values.url, part.button),
      emailLinkFallback(texts.buttonFallback, values.url),
    ],
    signature: texts.signature,
    footer: texts.footer,
  });
  return { to: values.to, subject, text, html };
}

/**
 * Sends one e-mail about an order (the `send-order-email` job): to the checkout's customer address
 * (else the account's), in the language the order was placed in.
 */
export async function sendOrderEmail(
  deps: { db: Db; mailer: Mailer; publicUrl: string; seller: Seller },
  payload: { orderId: string; email: OrderEmail; refundId?: string | undefined },
): Promise<void> {
  const [row] = await deps.db
    .select({
      order: orders,
      customerEmail: customers.email,
      userEmail: users.email,
      instance: {
        id: bookInstances.id,
        themeId: bookInstances.themeId,
        bookType: bookInstances.bookType,
        language: bookInstances.language,
        wizardMetadata: personalisationWithWords(),
      },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(bookInstances, eq(bookInstances.id, orders.bookInstanceId))
    .where(eq(orders.id, payload.orderId));
  if (!row) throw new PermanentJobError('DB_RECORD_NOT_FOUND', `Order ${payload.orderId} not found`);
  const to = row.customerEmail ?? row.userEmail;
  // An anonymised order (deleted account, no customer) has nobody left to write to.
  if (!to) return;
  const language = isLanguage(row.order.language) ? row.order.language : FALLBACK_LANGUAGE;
  // The title printed on the book; an e-mail is still sent when the book's data cannot make one.
  const title = row.instance ? await bookTitle(row.instance, '') : '';
  const [refund] = payload.refundId
    ? await deps.db
        .select({ amount: paymentRefunds.amount, currency: paymentRefunds.currency })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.id, payload.refundId), eq(paymentRefunds.orderId, row.order.id)))
    : [];
  const orderUrl = `${deps.publicUrl}/order-confirmation/${row.order.id}`;
  const shipped = payload.email === 'shipped';
  const country = row.order.shippingAddress?.country;
  const promise =
    (payload.email === 'orderPaid' || payload.email === 'sentToPrint') && country
      ? {
          ...deliveryWindow(row.order.paidAt ?? row.order.createdAt, country, row.order.shippingLevel),
          express: row.order.shippingLevel === 'express',
        }
      : undefined;
  await deps.mailer.send(
    renderOrderEmail(payload.email, {
      to,
      language,
      orderNumber: row.order.orderNumber,
      title,
      url: shipped && row.order.trackingUrl ? row.order.trackingUrl : orderUrl,
      ...(row.order.trackingNumber ? { trackingNumber: row.order.trackingNumber } : {}),
      ...(refund ? { amount: formatMoney(refund.amount, language, refund.currency) } : {}),
      ...(promise ? { delivery: promise } : {}),
      ...(payload.email === 'orderPaid' && row.order.paidAt
        ? { receipt: receiptOf(await orderView(deps.db, row.order), deps.seller, row.order.paidAt) }
        : {}),
    }),
  );
}
