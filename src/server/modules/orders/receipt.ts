import { PDFDocument, rgb } from 'pdf-lib';
import type { Order } from '../../../shared/contracts/checkout';
import { joinNames } from '../../../shared/domain/cast';
import type { PaymentMethod } from '../../../shared/domain/payment-methods';
import { type Language, localeOf } from '../../../shared/i18n';
import { escapeHtml } from '../../html';
import { fill, formatLongDate, formatMoney, serverTexts } from '../../i18n';
import { embedBookFonts } from '../../print/fonts';

/** Who sells (SHOP_LEGAL_NAME, SHOP_ADDRESS with its lines split at ';', SHOP_VAT_NUMBER). */
export type Seller = { name: string; address: string; vatNumber: string };

type ReceiptTexts = {
  lines: Record<string, string>;
  extraChildUnnamed: string;
  bookTypes: Record<'storybook' | 'coloring', string>;
  receipt: Record<
    | 'title'
    | 'order'
    | 'paidOn'
    | 'billedTo'
    | 'seller'
    | 'vatNumber'
    | 'item'
    | 'quantity'
    | 'amount'
    | 'subtotal'
    | 'discount'
    | 'shippingTo'
    | 'expressTo'
    | 'vat'
    | 'total'
    | 'refunded'
    | 'thanks'
    | 'row'
    | 'paidWith',
    string
  > & { methods: Record<PaymentMethod, string> };
};

type Row = { label: string; quantity?: number; amount: string; strong?: boolean };

/** One receipt, in the order's language: the same words and figures in the e-mail and the PDF. */
export type Receipt = {
  language: Language;
  title: string;
  seller: string[];
  heading: string[];
  billedTo: string[];
  columns: { item: string; quantity: string; amount: string };
  items: Row[];
  totals: Row[];
  thanks: string;
  /** "{{label}}: {{amount}}", one line of the text receipt (French: a no-break space before the colon). */
  row: string;
};

function countryName(code: string, language: Language): string {
  return new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(code) ?? code;
}

/**
 * The extra children's line names them as the language lists them ("Extra child in the story: Leo and
 * Zoé"), or, when the book is gone, says what was charged (docs/decisions/030-siblings.md).
 */
export function extraChildLabel(
  texts: { lines: Record<string, string>; extraChildUnnamed: string },
  names: readonly string[],
  language: Language,
): string {
  const template = texts.lines.extra_child;
  if (names.length === 0 || !template) return texts.extraChildUnnamed;
  return fill(template, { children: joinNames(names, language) });
}

/**
 * The receipt of a paid order (issue 18): every line, the promo code's discount, shipping, the VAT
 * rate and amount, the total paid (and any refund), who sells with their address and VAT number,
 * in the order's language. The figures are the order's own, as charged.
 */
export function receiptOf(order: Order, seller: Seller, paidAt: Date): Receipt {
  const language = order.language;
  const texts = serverTexts<ReceiptTexts>('payments', language);
  const r = texts.receipt;
  const money = (cents: number) => formatMoney(cents, language, order.quote.currency);
  const bookType = texts.bookTypes[order.bookType];
  const country = countryName(order.shipping.country, language);
  const quote = order.quote;
  const totals: Row[] = [{ label: r.subtotal, amount: money(quote.subtotal) }];
  if (quote.discount > 0) {
    totals.push({
      label: fill(r.discount, { code: quote.promoCode ?? '' }),
      amount: `−${money(quote.discount)}`,
    });
  }
  // One shipping line per parcel: the buyer's, then each gift copy sent to its own address.
  const parcels =
    quote.parcels.length > 0
      ? quote.parcels
      : [{ country: order.shipping.country, shipping: quote.shipping }];
  totals.push(
    ...parcels.map((parcel) => ({
      label: fill(quote.shippingLevel === 'express' ? r.expressTo : r.shippingTo, {
        country: countryName(parcel.country, language),
      }),
      amount: money(parcel.shipping),
    })),
    {
      label: fill(r.vat, { rate: (quote.taxRateBasisPoints / 100).toLocaleString(localeOf(language)) }),
      amount: money(quote.tax),
    },
    { label: r.total, amount: money(quote.total), strong: true },
  );
  if (order.refundedAmount > 0) totals.push({ label: r.refunded, amount: `−${money(order.refundedAmount)}` });
  return {
    language,
    title: r.title,
    seller: [
      seller.name,
      ...seller.address
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean),
      ...(seller.vatNumber ? [fill(r.vatNumber, { number: seller.vatNumber })] : []),
    ],
    heading: [
      fill(r.order, { orderNumber: order.orderNumber }),
      fill(r.paidOn, { date: formatLongDate(paidAt, language) }),
      ...(order.paymentMethod ? [fill(r.paidWith, { method: r.methods[order.paymentMethod] })] : []),
    ],
    billedTo: [
      r.billedTo,
      `${order.customer.firstName} ${order.customer.lastName}`.trim(),
      order.customer.email,
      order.shipping.address,
      `${order.shipping.postalCode} ${order.shipping.city}${order.shipping.region ? ` ${order.shipping.region}` : ''}`,
      country,
    ].filter(Boolean),
    columns: { item: r.item, quantity: r.quantity, amount: r.amount },
    items: quote.lines.map((line) => ({
      label:
        line.itemType === 'extra_child'
          ? extraChildLabel(texts, order.extraChildren ?? [], language)
          : fill(texts.lines[line.productKey] ?? line.productKey, {
              bookType,
              discount: line.discountPercentage,
            }),
      quantity: line.quantity,
      amount: money(line.totalPrice),
    })),
    totals,
    thanks: r.thanks,
    row: r.row,
  };
}

/** The receipt as plain text, for the e-mail's text part. */
export function receiptText(receipt: Receipt): string {
  const row = (label: string, amount: string) => fill(receipt.row, { label, amount });
  return [
    `${receipt.title}, ${receipt.heading.join(', ')}`,
    '',
    ...receipt.items.map((item) => row(`${item.quantity} × ${item.label}`, item.amount)),
    ...receipt.totals.map((total) => row(total.label, total.amount)),
    '',
    `${receipt.seller.join(', ')}`,
  ].join('\n');
}

/** The receipt as an HTML table for the e-mail (inline styles: mail clients drop style sheets). */
export function receiptHtml(receipt: Receipt): string {
  const cell = 'padding:6px 0;font-size:14px;line-height:1.4';
  const rows = [
    ...receipt.items.map(
      (item) =>
        `<tr><td style="${cell}">${item.quantity} × ${escapeHtml(item.label)}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(item.amount)}</td></tr>`,
    ),
    ...receipt.totals.map(
      (total) =>
        `<tr><td style="${cell}${total.strong ? ';font-weight:700;border-top:1px solid #eadfce' : ''}">${escapeHtml(total.label)}</td><td style="${cell};text-align:right;white-space:nowrap${total.strong ? ';font-weight:700;border-top:1px solid #eadfce' : ''}">${escapeHtml(total.amount)}</td></tr>`,
    ),
  ].join('');
  return `<div style="margin:24px 0;padding:16px 20px;border:1px solid #eadfce;border-radius:16px;background:#fff">
  <p style="font-size:16px;font-weight:700;margin:0 0 4px">${escapeHtml(receipt.title)}</p>
  <p style="font-size:13px;color:#5b5775;margin:0 0 12px">${receipt.heading.map(escapeHtml).join(' · ')}</p>
  <table role="presentation" style="width:100%;border-collapse:collapse">${rows}</table>
  <p style="font-size:12px;color:#5b5775;margin:12px 0 0">${receipt.seller.map(escapeHtml).join('<br>')}</p>
</div>`;
}

const A4 = { width: 595.28, height: 841.89 };
const INK = rgb(0.18, 0.165, 0.31);
const MUTED = rgb(0.36, 0.34, 0.46);
const CORAL = rgb(0.77, 0.29, 0.18);

/** The receipt as a one-page A4 PDF (Fredoka and Nunito from npm, embedded as subsets). */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${receipt.title} ${receipt.heading[0] ?? ''}`);
  doc.setLanguage(receipt.language);
  const fonts = await embedBookFonts(doc, ['title', 'body']);
  const page = doc.addPage([A4.width, A4.height]);
  const margin = 56;
  const right = A4.width - margin;
  let y = A4.height - margin;

  const text = (
    value: string,
    x: number,
    size: number,
    options: { bold?: boolean; color?: typeof INK } = {},
  ) =>
    page.drawText(value, {
      x,
      y,
      size,
      font: options.bold ? fonts.title : fonts.body,
      color: options.color ?? INK,
    });
  const textRight = (value: string, size: number, bold = false) => {
    const font = bold ? fonts.title : fonts.body;
    page.drawText(value, { x: right - font.widthOfTextAtSize(value, size), y, size, font, color: INK });
  };

  page.drawText(receipt.seller[0] ?? '', { x: margin, y, size: 20, font: fonts.title, color: CORAL });
  y -= 18;
  for (const line of receipt.seller.slice(1)) {
    text(line, margin, 10, { color: MUTED });
    y -= 13;
  }
  y -= 22;
  text(receipt.title, margin, 26, { bold: true });
  y -= 20;
  for (const line of receipt.heading) {
    text(line, margin, 11, { color: MUTED });
    y -= 15;
  }
  y -= 12;
  receipt.billedTo.forEach((line, index) => {
    text(line, margin, index === 0 ? 10 : 11, index === 0 ? { bold: true } : {});
    y -= 15;
  });

  y -= 18;
  text(receipt.columns.item, margin, 10, { bold: true, color: MUTED });
  page.drawText(receipt.columns.quantity, { x: right - 150, y, size: 10, font: fonts.title, color: MUTED });
  textRight(receipt.columns.amount, 10, true);
  y -= 8;
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.6, color: MUTED });
  y -= 18;
  // A long line name gets smaller rather than running into the quantity column.
  const labelWidth = right - 150 - margin - 12;
  for (const item of receipt.items) {
    const size = Math.min(11, (11 * labelWidth) / fonts.body.widthOfTextAtSize(item.label, 11));
    text(item.label, margin, size);
    page.drawText(String(item.quantity), { x: right - 150, y, size: 11, font: fonts.body, color: INK });
    textRight(item.amount, 11);
    y -= 18;
  }
  y -= 4;
  page.drawLine({
    start: { x: margin, y: y + 10 },
    end: { x: right, y: y + 10 },
    thickness: 0.6,
    color: MUTED,
  });
  for (const total of receipt.totals) {
    y -= total.strong ? 6 : 0;
    text(total.label, right - 260, total.strong ? 13 : 11, total.strong ? { bold: true } : {});
    textRight(total.amount, total.strong ? 13 : 11, total.strong);
    y -= total.strong ? 22 : 17;
  }
  y -= 20;
  text(receipt.thanks, margin, 11, { color: MUTED });
  return doc.save();
}
