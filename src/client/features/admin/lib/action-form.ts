import { z } from 'zod';
import {
  AdminAddressRequestSchema,
  AdminReasonSchema,
  AdminRedrawChoiceSchema,
  AdminRedrawRequestSchema,
  AdminRefundRequestSchema,
  AdminResendRequestSchema,
  type AdminShipRequest,
  AdminShipRequestSchema,
  RESENDABLE_EMAILS,
} from '../../../../shared/contracts/admin';
import { type Country, isUsState, needsRegion, postcodeFits } from '../../../../shared/domain/shipping';
import type { AdminAction, AdminActionBody } from '../api/admin-api';

/** "10", "10.5", "10.50" (a point or a comma) -> cents; anything else -> null. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** What an action dialog's fields hold, as typed; each action reads the fields it has. */
const ActionFieldsSchema = z.object({
  reason: z.string(),
  amount: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  email: z.enum(RESENDABLE_EMAILS),
  picture: z.enum(['new', 'old']),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string(),
});
export type ActionFields = z.input<typeof ActionFieldsSchema>;
export type ActionField = keyof ActionFields;

/** The message of a refund's amount above what can still be refunded (the other amounts: invalid). */
export const AMOUNT_TOO_LARGE = 'too large';

/** What the dialog needs besides its fields to build the body (the order's, the page's, its own key). */
export type ActionContext = {
  /** Cents that can still be refunded. */
  refundable: number;
  /** The dialog's own key: the same key twice (a double click) is one refund. */
  requestKey: string;
  /** The page drawn again or chosen (redraw, redraw-choice). */
  position: number;
  /** The order's country (address): the postcode and state must fit it, as the server checks. */
  country: Country;
};

/**
 * An action dialog's form, checked by the action's shared request schema (src/shared/contracts/admin.ts)
 * so the console asks what the server checks: the fields become the body the action sends, and a
 * field the schema refuses carries the problem (the body's names are the fields' names).
 */
export function actionFormSchema<A extends AdminAction>(
  action: A,
  { refundable, requestKey, position, country }: ActionContext,
): z.ZodType<AdminActionBody[A], ActionFields> {
  const schema = (() => {
    switch (action) {
      case 'refund':
        return ActionFieldsSchema.transform((fields) => ({
          amount: parseAmount(fields.amount) ?? 0,
          reason: fields.reason,
          requestKey,
        })).pipe(
          AdminRefundRequestSchema.extend({
            amount: AdminRefundRequestSchema.shape.amount.max(refundable, AMOUNT_TOO_LARGE),
          }),
        );
      case 'ship':
        return ActionFieldsSchema.transform(
          ({ trackingNumber, trackingUrl, reason }): AdminShipRequest => ({
            trackingNumber,
            trackingUrl,
            reason,
          }),
        ).pipe(AdminShipRequestSchema);
      case 'resend-email':
        return ActionFieldsSchema.transform(({ email, reason }) => ({ email, reason })).pipe(
          AdminResendRequestSchema,
        );
      case 'redraw':
        return ActionFieldsSchema.transform(({ reason }) => ({ position, reason })).pipe(
          AdminRedrawRequestSchema,
        );
      case 'redraw-choice':
        return ActionFieldsSchema.transform(({ picture, reason }) => ({ position, picture, reason })).pipe(
          AdminRedrawChoiceSchema,
        );
      case 'address':
        return ActionFieldsSchema.transform(({ address, city, postalCode, region, reason }) => ({
          address,
          city,
          postalCode,
          region: needsRegion(country) ? region : '',
          reason,
        }))
          .pipe(AdminAddressRequestSchema)
          .superRefine((body, context) => {
            if (!postcodeFits(country, body.postalCode))
              context.addIssue({ code: 'custom', path: ['postalCode'], message: 'invalid' });
            if (needsRegion(country) && !isUsState(body.region))
              context.addIssue({ code: 'custom', path: ['region'], message: 'invalid' });
          });
      default:
        return ActionFieldsSchema.transform(({ reason }) => ({ reason })).pipe(AdminReasonSchema);
    }
  })();
  return schema as unknown as z.ZodType<AdminActionBody[A], ActionFields>;
}
