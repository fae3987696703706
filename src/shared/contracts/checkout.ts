import { z } from 'zod';
import { LIMITS } from '../constants';
import { CHILD_GENDERS } from '../domain/cast';
import { dedicationProblems, normaliseSignature, signatureProblems } from '../domain/dedication';
import { LanguageSchema } from '../domain/language-schema';
import { PAYMENT_METHODS } from '../domain/payment-methods';
import { PROMO_KINDS } from '../domain/promo';
import { GRANDPARENT_COPIES } from '../domain/quote';
import {
  COUNTRIES,
  isUsState,
  needsRegion,
  normalisePostcode,
  postcodeFits,
  SHIPPING_LEVELS,
} from '../domain/shipping';
import {
  BOOK_INSTANCE_STATUSES,
  BOOK_TYPES,
  COPY_STATUSES,
  COVER_TYPES,
  ORDER_ITEM_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PRODUCT_KEYS,
} from '../domain/statuses';
import { PriceSchema } from './catalog';

export const UuidParamSchema = z.string().uuid('expected an id');
export const BookInstanceParamsSchema = z.object({ bookInstanceId: UuidParamSchema });
export const OrderParamsSchema = z.object({ orderId: UuidParamSchema });

const required = (max: number) => z.string().trim().min(1, 'required').max(max, `at most ${max} characters`);

/** Step 2 of the checkout: who pays (docs/spec.md section 5: first and last name and e-mail required). */
export const CheckoutCustomerSchema = z
  .object({
    firstName: required(60),
    lastName: required(60),
    email: z.string().trim().toLowerCase().pipe(z.email('expected an e-mail address').max(254)),
    phone: z
      .string()
      .trim()
      .max(30, 'at most 30 characters')
      .regex(/^[0-9+()./ -]*$/, 'expected a phone number')
      .default(''),
  })
  .meta({ id: 'CheckoutCustomer' });
export type CheckoutCustomer = z.infer<typeof CheckoutCustomerSchema>;

/** The fields of an address, each checked as the checkout checks it (the console's correction too). */
export const addressFields = {
  address: required(200),
  city: required(100),
  postalCode: required(20).regex(/^[A-Za-z0-9 -]+$/, 'expected a postal code'),
  region: z.string().trim().toUpperCase().max(2, 'expected a US state').default(''),
  country: z.enum(COUNTRIES),
};

/**
 * A US address needs its state (`region`, the USPS code); elsewhere the region is dropped. The
 * postcode follows its country's rule (shipping.ts POSTCODE_RULES) and is kept as the post writes it.
 */
function withRegionRule<
  T extends z.ZodType<{ country: (typeof COUNTRIES)[number]; region: string; postalCode: string }>,
>(schema: T) {
  return schema
    .superRefine((value, context) => {
      if (!postcodeFits(value.country, value.postalCode)) {
        context.addIssue({
          code: 'custom',
          path: ['postalCode'],
          message: `expected a postcode of ${value.country}`,
        });
      }
      if (!needsRegion(value.country)) return;
      if (value.region === '') {
        context.addIssue({ code: 'custom', path: ['region'], message: 'required for a US address' });
      } else if (!isUsState(value.region)) {
        context.addIssue({ code: 'custom', path: ['region'], message: 'expected a US state' });
      }
    })
    .transform((value) => ({
      ...value,
      postalCode: normalisePostcode(value.country, value.postalCode),
      region: needsRegion(value.country) ? value.region : '',
    }));
}

/**
 * Step 2 of the checkout: where the book goes; the country is one the shop ships to. A US address
 * also needs its state (`region`, the USPS code); elsewhere the region is dropped.
 */
export const ShippingAddressSchema = withRegionRule(z.object(addressFields)).meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/**
 * A delivery address changed after payment, by the parent in the grace period or by an operator
 * before print (issue 36). The country stays the order's (its shipping was paid for it); the
 * postcode and state are checked against it on the server.
 */
export const AddressChangeSchema = z
  .object({
    address: addressFields.address,
    city: addressFields.city,
    postalCode: addressFields.postalCode,
    region: addressFields.region.unwrap(),
  })
  .meta({ id: 'AddressChange' });
export type AddressChange = z.infer<typeof AddressChangeSchema>;

const GrandparentCopiesSchema = z
  .object({
    count: z.number().int().min(GRANDPARENT_COPIES.min).max(GRANDPARENT_COPIES.max),
    coverType: z.enum(COVER_TYPES),
  })
  .meta({ id: 'GrandparentCopies' });

/** Where a gift copy goes: the grandparent's name and address (their own parcel). */
export const GiftAddressSchema = withRegionRule(
  z.object({ firstName: required(60), lastName: required(60), ...addressFields }),
).meta({ id: 'GiftAddress' });
export type GiftAddress = z.infer<typeof GiftAddressSchema>;

/** A gift copy's own dedication (the book's rules: at most 300 characters, no emoji; signature one line). */
export const GiftDedicationSchema = z
  .object({
    message: z
      .string()
      .refine(
        (value) => dedicationProblems(value).length === 0,
        `required, at most ${LIMITS.dedicationMaxChars} characters, without emoji`,
      ),
    signature: z
      .string()
      .transform(normaliseSignature)
      .refine(
        (value) => value.trim() === '' || signatureProblems(value).length === 0,
        `at most ${LIMITS.signatureMaxChars} characters on one line, without emoji`,
      )
      .default(''),
  })
  .meta({ id: 'GiftDedication' });

/**
 * A grandparent copy made a gift (issue 18): its own address (its own parcel and print job), its
 * own dedication, its own language (the story's words in that language; the parent's own edits of
 * the words do not carry over). Whatever is null is as the buyer's book. `position` is 1..copies.
 */
const CopyGiftSchema = z
  .object({
    position: z.number().int().min(1).max(GRANDPARENT_COPIES.max),
    shipTo: GiftAddressSchema.nullable().default(null),
    dedication: GiftDedicationSchema.nullable().default(null),
    language: LanguageSchema.nullable().default(null),
  })
  .meta({ id: 'CopyGift' });
export type CopyGift = z.infer<typeof CopyGiftSchema>;
export type CopyGiftInput = z.input<typeof CopyGiftSchema>;

/** A gift copy as the order shows it (plain fields: a response is not parsed again). */
const CopyGiftViewSchema = z
  .object({
    position: z.number().int().positive(),
    shipTo: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        address: z.string(),
        city: z.string(),
        postalCode: z.string(),
        region: z.string(),
        country: z.enum(COUNTRIES),
      })
      .nullable(),
    dedication: z.object({ message: z.string(), signature: z.string() }).nullable(),
    language: LanguageSchema.nullable(),
    status: z.enum(COPY_STATUSES),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  })
  .meta({ id: 'CopyGiftView' });

/** What the buyer chose: no price, discount or total is ever accepted from the client. */
export const OrderRequestSchema = z
  .object({
    coverType: z.enum(COVER_TYPES),
    grandparentCopies: GrandparentCopiesSchema,
    customer: CheckoutCustomerSchema,
    shipping: ShippingAddressSchema,
    /** Standard, or express for 14.99 more (the printer's fastest level). */
    shippingLevel: z.enum(SHIPPING_LEVELS).default('standard'),
    /** A promo code as the buyer typed it; the server looks it up (its value never comes from here). */
    promoCode: z
      .string()
      .trim()
      .toUpperCase()
      .max(32, 'at most 32 characters')
      .regex(/^[A-Z0-9-]*$/, 'expected letters, digits and dashes')
      .default(''),
    language: LanguageSchema.default('en'),
    /** Copies that are gifts, by position; copies not listed are as the buyer's book. */
    copyGifts: z.array(CopyGiftSchema).max(GRANDPARENT_COPIES.max).default([]),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.copyGifts.forEach((gift, index) => {
      if (gift.position > value.grandparentCopies.count || seen.has(gift.position)) {
        context.addIssue({
          code: 'custom',
          path: ['copyGifts', index, 'position'],
          message: 'expected one of the grandparent copies',
        });
      }
      seen.add(gift.position);
    });
  })
  .meta({ id: 'OrderRequest' });
export type OrderRequest = z.input<typeof OrderRequestSchema>;

const QuoteLineSchema = z
  .object({
    productKey: z.enum(PRODUCT_KEYS),
    itemType: z.enum(ORDER_ITEM_TYPES),
    coverType: z.enum(COVER_TYPES),
    quantity: z.number().int().positive(),
    basePrice: z.number().int().nonnegative(),
    discountPercentage: z.number().int().min(0).max(100),
    unitPrice: z.number().int().nonnegative(),
    totalPrice: z.number().int().nonnegative(),
  })
  .meta({ id: 'QuoteLine' });

const QuoteSchema = z
  .object({
    currency: z.literal('CHF'),
    lines: z.array(QuoteLineSchema),
    subtotal: z.number().int().nonnegative(),
    promoCode: z.string().nullable(),
    discount: z.number().int().nonnegative(),
    shippingLevel: z.enum(SHIPPING_LEVELS),
    /** Every parcel's shipping (0: the buyer's; 1..3: a gift copy's own), summed in `shipping`. */
    parcels: z.array(
      z.object({
        copy: z.number().int().min(0),
        country: z.string(),
        shipping: z.number().int().nonnegative(),
      }),
    ),
    shipping: z.number().int().nonnegative(),
    taxRateBasisPoints: z.number().int().nonnegative(),
    tax: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'Quote' });

export const ReviewSchema = z
  .object({ rating: z.number().int().min(1).max(5), text: z.string(), createdAt: z.string() })
  .meta({ id: 'Review' });

export const ReviewRequestSchema = z
  .object({
    rating: z.number().int().min(1, 'expected a rating from 1 to 5').max(5, 'expected a rating from 1 to 5'),
    text: z.string().trim().min(1, 'required').max(2000, 'at most 2000 characters'),
  })
  .meta({ id: 'ReviewRequest' });
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

/** One order as its owner sees it (confirmation page, profile). Amounts in cents. */
/**
 * Whom the words about "your child" speak of (issue 36, `CastWords` in shared/domain/cast.ts): how many
 * children and the gender the words agree with; null on a book of one child that never said.
 */
export const CastWordsSchema = z.object({
  count: z.number().int().min(1),
  gender: z.enum(CHILD_GENDERS).nullable(),
});

export const OrderSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    bookType: z.enum(BOOK_TYPES),
    themeId: z.string(),
    bookInstanceId: z.string().nullable(),
    coverType: z.enum(COVER_TYPES),
    grandparentCopies: GrandparentCopiesSchema,
    customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() }),
    shipping: z.object({
      address: z.string(),
      city: z.string(),
      postalCode: z.string(),
      /** The state of a US address (USPS code); empty elsewhere. */
      region: z.string(),
      country: z.enum(COUNTRIES),
    }),
    quote: QuoteSchema,
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** The gift copies as chosen, with each own parcel's progress once printed. */
    copyGifts: z.array(CopyGiftViewSchema),
    language: LanguageSchema,
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /**
     * The names of the children beside the lead, when the order paid for extra children (issue 35);
     * absent for a book of one child.
     */
    extraChildren: z.array(z.string()).optional(),
    /** How it was paid, card or TWINT, once the provider said so (issue 32). */
    paymentMethod: z.enum(PAYMENT_METHODS).nullable().optional(),
    /**
     * The end of the grace period after payment (issue 36): until then the parent may cancel or
     * change the address (`graceOpen` in shared/domain/orders.ts). Null when there is none, or once
     * the book is with the printer.
     */
    printAfter: z.string().nullable(),
    /** Cents the shop has given back on this order (an operator's refund, once the provider confirmed it). */
    refundedAmount: z.number().int().nonnegative(),
    review: ReviewSchema.nullable(),
    /** The book's children, for the words about them (the next steps); absent when the book is gone. */
    cast: CastWordsSchema.optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** Everything the checkout page needs about a book instance of the signed-in user. */
/** Whether a book can be paid for: approved as it is, never approved, or changed since approval. */
const BOOK_APPROVALS = ['approved', 'not_approved', 'superseded'] as const;
export type BookApproval = (typeof BOOK_APPROVALS)[number];

export const CheckoutContextSchema = z
  .object({
    bookInstance: z.object({
      id: z.string(),
      status: z.enum(BOOK_INSTANCE_STATUSES),
      bookType: z.enum(BOOK_TYPES),
      themeId: z.string(),
      title: z.string(),
      childName: z.string(),
      /** The child's gender, for the words that agree with it (French héroïne); null on old books. */
      childGender: z.enum(['male', 'female']).nullable(),
      /** The book's children, for the words about them (the copies for the grandparents). */
      cast: CastWordsSchema,
      toyName: z.string(),
      language: LanguageSchema,
      /** Checkout pays for the approved current version only (issue 15). */
      approval: z.enum(BOOK_APPROVALS),
    }),
    /** The cover preview's fallback chain: the instance's hero cover, then the book's display image. */
    coverPreview: z.object({ heroCover: z.string().nullable(), bookDisplay: z.string().nullable() }),
    /** The signed-in user's e-mail and name, to prefill step 2. */
    prefill: z.object({ email: z.string(), name: z.string() }),
    /** The unpaid order already made for this book, so going back and forth keeps one order. */
    order: OrderSchema.nullable(),
    /** An order of this book is already paid: the checkout shows it instead of charging twice. */
    paidOrderId: z.string().nullable(),
    pricing: z.object({
      currency: z.literal('CHF'),
      prices: z.array(PriceSchema),
      /** Today's VAT rate per destination country (the rate table, or TAX_RATE_BASIS_POINTS). */
      taxRates: z.record(z.enum(COUNTRIES), z.number().int().nonnegative()),
      /** The promo code of the unpaid order, as the server found it, so the page quotes it again. */
      promo: z
        .object({ code: z.string(), kind: z.enum(PROMO_KINDS), value: z.number().int().positive() })
        .nullable(),
      /**
       * The book prints in two languages (the bilingual edition): the quote adds its price for the
       * book and each copy printed in the book's language. Absent: one language.
       */
      bilingual: z.boolean().optional(),
      /**
       * The names of the children beside the lead (issue 35): the quote adds the extra child's price
       * once for each. Absent: a book of one child.
       */
      extraChildren: z.array(z.string()).optional(),
    }),
  })
  .meta({ id: 'CheckoutContext' });
export type CheckoutContext = z.infer<typeof CheckoutContextSchema>;

/** Where the browser goes to pay (the local test page or Stripe Checkout). */
export const PaymentSessionSchema = z.object({ url: z.string() }).meta({ id: 'PaymentSession' });
export type PaymentSession = z.infer<typeof PaymentSessionSchema>;

/** The checkout test page (a demo shop only): look up an instance, or the five newest. */
export const BookInstanceLookupSchema = z
  .object({ id: z.string(), status: z.enum(BOOK_INSTANCE_STATUSES), createdAt: z.string() })
  .meta({ id: 'BookInstanceLookup' });
export const RecentBookInstancesSchema = z
  .object({ instances: z.array(BookInstanceLookupSchema) })
  .meta({ id: 'RecentBookInstances' });

/** Answered only where the development tools are on (a demo shop): the checkout test page works. */
export const DevToolsStatusSchema = z
  .object({ checkoutTest: z.literal(true) })
  .meta({ id: 'DevToolsStatus' });
