import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CheckoutContext,
  type CheckoutCustomer,
  CheckoutCustomerSchema,
  type CopyGift,
  type GiftAddress,
  GiftAddressSchema,
  GiftDedicationSchema,
  type Order,
  type OrderRequest,
  type ShippingAddress,
  ShippingAddressSchema,
} from '../../../../shared/contracts/checkout';
import { LANGUAGE_CODES } from '../../../../shared/domain/languages';
import { type Country, DEFAULT_COUNTRY, type ShippingLevel } from '../../../../shared/domain/shipping';
import type { CoverType } from '../../../../shared/domain/statuses';
import type { Language } from '../../../../shared/i18n';

/** The checkout form as the page holds it (docs/spec.md section 3, checkout form state), before checks. */
export type CheckoutDraft = {
  coverType: CoverType;
  grandparentCopies: { count: number; coverType: CoverType };
  customer: { firstName: string; lastName: string; email: string; phone: string };
  /** `region`: the state of a US address (USPS code), empty elsewhere. */
  shipping: { address: string; city: string; postalCode: string; region: string; country: Country };
  /** Standard or express (step 2, under the address). */
  shippingLevel: ShippingLevel;
  /** The promo code as applied at step 3 ('' for none); the server looks it up. */
  promoCode: string;
  /**
   * Each grandparent copy as a gift (issue 18), by position (index 0 is copy 1); only the first
   * `grandparentCopies.count` count. What is typed is kept when a box is unticked.
   */
  copyGifts: GiftDraft[];
};

/** A grandparent copy's gift choices as the form holds them. */
export type GiftDraft = {
  /** Sent to its own address (its own parcel). */
  apart: boolean;
  shipTo: {
    firstName: string;
    lastName: string;
    address: string;
    city: string;
    postalCode: string;
    region: string;
    country: Country;
  };
  /** Its own dedication and signature. */
  ownWords: boolean;
  dedication: { message: string; signature: string };
  /** Printed in another language than the book's... */
  otherLanguage: boolean;
  /** ...this one (null until the parent picks one: `otherLanguageOf` the book's is shown). */
  language: Language | null;
};

export type GiftAddressField = keyof GiftDraft['shipTo'];

/** The languages a copy can be printed in besides the book's own: every other one of the list. */
export const copyLanguagesOf = (bookLanguage: Language): Language[] =>
  LANGUAGE_CODES.filter((code) => code !== bookLanguage);

/** The language offered first for a copy in another language: French, or English for a French book. */
export const otherLanguageOf = (bookLanguage: Language): Language => (bookLanguage === 'fr' ? 'en' : 'fr');

/** The language a copy in another language is printed in: the one picked, else the one offered first. */
export const copyLanguageOf = (picked: Language | null, bookLanguage: Language): Language =>
  picked !== null && picked !== bookLanguage ? picked : otherLanguageOf(bookLanguage);

const emptyGift = (): GiftDraft => ({
  apart: false,
  shipTo: {
    firstName: '',
    lastName: '',
    address: '',
    city: '',
    postalCode: '',
    region: '',
    country: DEFAULT_COUNTRY,
  },
  ownWords: false,
  dedication: { message: '', signature: '' },
  otherLanguage: false,
  language: null,
});

/** The three copies' gift drafts, from the saved order's gifts where there are some. */
function giftDrafts(gifts: readonly Order['copyGifts'][number][] = []): GiftDraft[] {
  return [1, 2, 3].map((position) => {
    const gift = gifts.find((candidate) => candidate.position === position);
    const draft = emptyGift();
    if (!gift) return draft;
    return {
      apart: gift.shipTo !== null,
      shipTo: gift.shipTo ? { ...gift.shipTo } : draft.shipTo,
      ownWords: gift.dedication !== null,
      dedication: gift.dedication ? { ...gift.dedication } : draft.dedication,
      otherLanguage: gift.language !== null,
      language: gift.language,
    };
  });
}

export type CustomerField = keyof CheckoutDraft['customer'];
export type ShippingField = keyof CheckoutDraft['shipping'];
export type DetailsField = CustomerField | ShippingField;

/** What is wrong with a field, for its message. */
export type FieldProblem = { kind: 'required' | 'invalid' } | { kind: 'tooLong'; max: number };
export type DetailsProblems = Partial<Record<DetailsField, FieldProblem>>;

export const DETAILS_FIELDS: readonly DetailsField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'postalCode',
  'region',
  'country',
];

/** "Ana Maria Keller" -> Ana / Maria Keller; a single word is no safe guess, so nothing. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: '', lastName: '' };
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** The form as the saved order left it. */
export function draftFromOrder(order: Order): CheckoutDraft {
  return {
    coverType: order.coverType,
    grandparentCopies: { ...order.grandparentCopies },
    customer: { ...order.customer },
    shipping: { ...order.shipping },
    shippingLevel: order.quote.shippingLevel,
    promoCode: order.quote.promoCode ?? '',
    copyGifts: giftDrafts(order.copyGifts),
  };
}

/** The form to start from: the pending order's choices, else the defaults and the account's e-mail. */
export function draftFromContext(context: CheckoutContext): CheckoutDraft {
  if (context.order) return draftFromOrder(context.order);
  return {
    coverType: 'softcover',
    grandparentCopies: { count: 0, coverType: 'softcover' },
    customer: { ...splitName(context.prefill.name), email: context.prefill.email, phone: '' },
    shipping: { address: '', city: '', postalCode: '', region: '', country: DEFAULT_COUNTRY },
    shippingLevel: 'standard',
    promoCode: '',
    copyGifts: giftDrafts(),
  };
}

function problemOf(issue: z.core.$ZodIssue, value: string): FieldProblem {
  if (issue.code === 'too_big') return { kind: 'tooLong', max: Number(issue.maximum) };
  return value.trim() === '' ? { kind: 'required' } : { kind: 'invalid' };
}

type CheckedDetails =
  | { data: { customer: CheckoutCustomer; shipping: ShippingAddress }; problems?: undefined }
  | { data?: undefined; problems: DetailsProblems };

/** What is wrong with a gift copy's fields, by copy index (0 = copy 1). */
export type GiftProblems = {
  shipTo?: Partial<Record<GiftAddressField, FieldProblem>>;
  dedication?: { message?: FieldProblem; signature?: FieldProblem };
}[];

/**
 * The gifts of the copies ordered, checked against the shared schemas: what the order request
 * carries (copies that ask for nothing are left out), or what is wrong per copy and field.
 */
export function checkGifts(
  draft: CheckoutDraft,
  bookLanguage: Language,
): { data: CopyGift[]; problems?: undefined } | { data?: undefined; problems: GiftProblems } {
  const data: CopyGift[] = [];
  const problems: GiftProblems = [];
  let wrong = false;
  draft.copyGifts.slice(0, draft.grandparentCopies.count).forEach((gift, index) => {
    const found: GiftProblems[number] = {};
    let shipTo: GiftAddress | null = null;
    if (gift.apart) {
      const parsed = GiftAddressSchema.safeParse(gift.shipTo);
      if (parsed.success) shipTo = parsed.data;
      else {
        found.shipTo = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]) as GiftAddressField;
          found.shipTo[field] ??= problemOf(issue, gift.shipTo[field] ?? '');
        }
      }
    }
    let dedication: CopyGift['dedication'] = null;
    if (gift.ownWords) {
      const parsed = GiftDedicationSchema.safeParse(gift.dedication);
      if (parsed.success) dedication = parsed.data;
      else {
        found.dedication = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]) as 'message' | 'signature';
          found.dedication[field] ??= problemOf(issue, gift.dedication[field] ?? '');
        }
      }
    }
    problems[index] = found;
    if (found.shipTo || found.dedication) wrong = true;
    const language = gift.otherLanguage ? copyLanguageOf(gift.language, bookLanguage) : null;
    if (shipTo || dedication || language) data.push({ position: index + 1, shipTo, dedication, language });
  });
  return wrong ? { problems } : { data };
}

/** Step 2 checked against the shared schemas: the cleaned details, or what is wrong per field. */
export function checkDetails(draft: CheckoutDraft): CheckedDetails {
  const customer = CheckoutCustomerSchema.safeParse(draft.customer);
  const shipping = ShippingAddressSchema.safeParse(draft.shipping);
  if (customer.success && shipping.success)
    return { data: { customer: customer.data, shipping: shipping.data } };
  const problems: DetailsProblems = {};
  const values: Record<DetailsField, string> = { ...draft.customer, ...draft.shipping };
  for (const issue of [...(customer.error?.issues ?? []), ...(shipping.error?.issues ?? [])]) {
    const field = String(issue.path[0]) as DetailsField;
    problems[field] ??= problemOf(issue, values[field] ?? '');
  }
  return { problems };
}

const CUSTOMER_FIELDS: readonly DetailsField[] = ['firstName', 'lastName', 'email', 'phone'];

/**
 * Step 2's check as the form's resolver (`useForm`, checkout-flow.tsx): the shared schemas through
 * `checkDetails`, each problem kept on its field (`type` the kind, `message` the maximum length).
 */
export const detailsResolver =
  (bookLanguage: Language): Resolver<CheckoutDraft> =>
  async (values) => {
    const checked = checkDetails(values);
    const gifts = checkGifts(values, bookLanguage);
    if (checked.data && gifts.data) return { values, errors: {} };
    const asError = (problem: FieldProblem) => ({
      type: problem.kind,
      message: problem.kind === 'tooLong' ? String(problem.max) : '',
    });
    const errors: Record<string, unknown> = {};
    for (const [field, problem] of Object.entries(checked.problems ?? {}) as [DetailsField, FieldProblem][]) {
      const group = CUSTOMER_FIELDS.includes(field) ? 'customer' : 'shipping';
      errors[group] = { ...(errors[group] as object), [field]: asError(problem) };
    }
    if (gifts.problems) {
      errors.copyGifts = gifts.problems.map((found) => ({
        ...(found.shipTo
          ? { shipTo: Object.fromEntries(Object.entries(found.shipTo).map(([f, p]) => [f, asError(p)])) }
          : {}),
        ...(found.dedication
          ? {
              dedication: Object.fromEntries(
                Object.entries(found.dedication).map(([f, p]) => [f, asError(p)]),
              ),
            }
          : {}),
      }));
    }
    return { values: {}, errors: errors as FieldErrors<CheckoutDraft> };
  };

/** A field's problem as the form holds it (the resolver's `type` and `message`), for its message. */
export function problemOfError(
  error: { type?: unknown; message?: unknown } | undefined,
): FieldProblem | undefined {
  if (!error || typeof error.type !== 'string') return undefined;
  return error.type === 'tooLong'
    ? { kind: 'tooLong', max: Number(error.message) }
    : { kind: error.type === 'invalid' ? 'invalid' : 'required' };
}

/** The problems the form holds now (fields left, or all after Next), as the step shows them. */
export function problemsOf(errors: FieldErrors<CheckoutDraft>): DetailsProblems {
  const problems: DetailsProblems = {};
  for (const group of [errors.customer, errors.shipping]) {
    for (const [field, error] of Object.entries(group ?? {}) as [
      DetailsField,
      { type?: unknown; message?: unknown },
    ][]) {
      if (!error || typeof error.type !== 'string') continue;
      problems[field] =
        error.type === 'tooLong'
          ? { kind: 'tooLong', max: Number(error.message) }
          : { kind: error.type === 'invalid' ? 'invalid' : 'required' };
    }
  }
  return problems;
}

/** The PUT body: the buyer's choices only; no price, discount or total (docs/product.md Money). */
export function orderRequestFrom(
  draft: CheckoutDraft,
  details: { customer: CheckoutCustomer; shipping: ShippingAddress; copyGifts?: CopyGift[] },
  language: Language,
): OrderRequest {
  return {
    coverType: draft.coverType,
    grandparentCopies: {
      count: draft.grandparentCopies.count,
      coverType: draft.grandparentCopies.coverType,
    },
    customer: details.customer,
    shipping: details.shipping,
    shippingLevel: draft.shippingLevel,
    promoCode: draft.promoCode,
    language,
    copyGifts: details.copyGifts ?? [],
  };
}

/**
 * The choices that make an order (the language aside), as a comparable string; undefined while step 2
 * is not valid. An order saved for the same key is the one to pay.
 */
export function choicesKey(draft: CheckoutDraft, bookLanguage: Language = 'en'): string | undefined {
  const checked = checkDetails(draft);
  const gifts = checkGifts(draft, bookLanguage);
  if (!checked.data || !gifts.data) return undefined;
  const copies = draft.grandparentCopies;
  return JSON.stringify({
    coverType: draft.coverType,
    copies: { count: copies.count, coverType: copies.count > 0 ? copies.coverType : null },
    customer: checked.data.customer,
    shipping: checked.data.shipping,
    shippingLevel: draft.shippingLevel,
    promoCode: draft.promoCode,
    copyGifts: gifts.data,
  });
}

const GIFT_ADDRESS_FIELDS: readonly GiftAddressField[] = [
  'firstName',
  'lastName',
  'address',
  'city',
  'postalCode',
  'region',
  'country',
];

/**
 * The form field a refused order request names (the server's error handler says "Invalid request
 * at copyGifts.0.shipTo.postalCode: …"), so the problem is shown where it was typed. A gift's index
 * in the request is turned back into its copy's place in the form (copies asking for nothing are
 * not sent). Undefined when the message names no field of the form.
 */
export function fieldOfRefusal(message: string, request: OrderRequest): FieldPath<CheckoutDraft> | undefined {
  const path = /\bat ([\w.]+):/.exec(message)?.[1]?.split('.');
  if (!path) return undefined;
  const [group, first, second, third] = path;
  if (group === 'customer' && CUSTOMER_FIELDS.includes(first as DetailsField))
    return `customer.${first as CustomerField}`;
  if (
    group === 'shipping' &&
    DETAILS_FIELDS.includes(first as DetailsField) &&
    !CUSTOMER_FIELDS.includes(first as DetailsField)
  )
    return `shipping.${first as ShippingField}`;
  if (group !== 'copyGifts') return undefined;
  const position = request.copyGifts?.[Number(first)]?.position;
  if (position === undefined) return undefined;
  const index = position - 1;
  if (second === 'shipTo' && GIFT_ADDRESS_FIELDS.includes(third as GiftAddressField))
    return `copyGifts.${index}.shipTo.${third as GiftAddressField}`;
  if (second === 'dedication' && (third === 'message' || third === 'signature'))
    return `copyGifts.${index}.dedication.${third}`;
  return undefined;
}
