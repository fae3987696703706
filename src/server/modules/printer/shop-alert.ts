import { eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { emailHtml, emailParagraph } from '../../email-layout';
import { serverTexts } from '../../i18n';

export type ShopAlertPayload = {
  /** The shop's own address (LULU_CONTACT_EMAIL), never a customer's. */
  to: string;
  orderId: string;
  printJobId: string;
  status: string;
  message?: string | undefined;
};

/**
 * Tells the shop (not the customer) that the printer will not print a paid order, so a person
 * resubmits or refunds it: the `send-shop-alert` job. An internal message, in English.
 */
export async function sendShopAlert(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  payload: ShopAlertPayload,
): Promise<void> {
  const [order] = await deps.db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.id, payload.orderId));
  const orderNumber = order?.orderNumber ?? payload.orderId;
  const lines = [
    `Lulu reports ${payload.status} for the print job ${payload.printJobId} of order ${orderNumber}.`,
    payload.message ? `Lulu's message: ${payload.message}` : 'Lulu gave no message.',
    `The order is still "${order?.status ?? 'unknown'}" in the shop and the customer has not been told.`,
    'Resubmit the job in the Lulu developer portal, or refund the payment and write to the customer.',
    `Order id: ${payload.orderId}`,
    `Order page: ${deps.publicUrl}/order-confirmation/${payload.orderId}`,
  ];
  await deps.mailer.send({
    to: payload.to,
    subject: `Action needed: Lulu will not print order ${orderNumber} (${payload.status})`,
    text: lines.join('\n\n'),
    // The e-mails' one frame (src/server/email-layout.ts), without the greeting and sign-off meant for parents.
    html: emailHtml({
      language: 'en',
      brand: serverTexts<{ brand: string }>('emails', 'en').brand,
      blocks: lines.map((line) => emailParagraph(line)),
    }),
  });
}
