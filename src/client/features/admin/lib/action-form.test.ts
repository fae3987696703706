import { describe, expect, it } from 'vitest';
import { type ActionFields, AMOUNT_TOO_LARGE, actionFormSchema } from './action-form';

const REQUEST_KEY = '3f1c2a6e-8d4b-4e7a-9c1d-2b3a4c5d6e7f';
const context = { refundable: 4844, requestKey: REQUEST_KEY, position: 5, country: 'FR' as const };
const fields = (change: Partial<ActionFields> = {}): ActionFields => ({
  reason: '',
  amount: '',
  trackingNumber: '',
  trackingUrl: '',
  email: 'orderPaid',
  picture: 'new',
  address: '12 rue des Lilas',
  city: 'Lyon',
  postalCode: '69003',
  region: '',
  ...change,
});
/** The fields the shared request schema refuses, each with its message. */
const refused = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe("an action dialog's form, checked by the action's shared request schema", () => {
  it('sends a refund in cents with the dialog’s own key, and refuses more than can still be refunded', () => {
    const schema = actionFormSchema('refund', context);
    expect(schema.parse(fields({ amount: '10,50', reason: ' Late parcel ' }))).toEqual({
      amount: 1050,
      reason: 'Late parcel',
      requestKey: REQUEST_KEY,
    });
    const tooMuch = refused(schema.safeParse(fields({ amount: '48.45', reason: 'Late' })));
    expect(tooMuch).toEqual({ amount: AMOUNT_TOO_LARGE });
    const nothing = refused(schema.safeParse(fields({ amount: 'ten', reason: '' })));
    expect(Object.keys(nothing).sort()).toEqual(['amount', 'reason']);
    expect(nothing.amount).not.toBe(AMOUNT_TOO_LARGE);
  });

  it('marks shipped with a tracking number and a web address, the reason optional', () => {
    const schema = actionFormSchema('ship', context);
    expect(schema.parse(fields({ trackingNumber: 'CT1', trackingUrl: 'https://track.example/CT1' }))).toEqual(
      { trackingNumber: 'CT1', trackingUrl: 'https://track.example/CT1', reason: '' },
    );
    const missing = refused(schema.safeParse(fields({ trackingUrl: 'track.example/CT1' })));
    expect(Object.keys(missing).sort()).toEqual(['trackingNumber', 'trackingUrl']);
  });

  it('asks every other action why, and sends the page or the e-mail it is about', () => {
    expect(
      Object.keys(refused(actionFormSchema('hold', context).safeParse(fields({ reason: '  ' })))),
    ).toEqual(['reason']);
    expect(actionFormSchema('hold', context).parse(fields({ reason: 'Check', amount: '5' }))).toEqual({
      reason: 'Check',
    });
    expect(
      actionFormSchema('redraw-choice', context).parse(fields({ reason: 'Better', picture: 'old' })),
    ).toEqual({
      position: 5,
      picture: 'old',
      reason: 'Better',
    });
    expect(
      actionFormSchema('resend-email', context).parse(fields({ reason: 'Lost', email: 'shipped' })),
    ).toEqual({
      email: 'shipped',
      reason: 'Lost',
    });
  });

  it('corrects an address with a postcode that fits the order’s country, and drops a state outside the US', () => {
    const schema = actionFormSchema('address', context);
    expect(schema.parse(fields({ postalCode: '69004', region: 'CA', reason: 'Typo' }))).toEqual({
      address: '12 rue des Lilas',
      city: 'Lyon',
      postalCode: '69004',
      region: '',
      reason: 'Typo',
    });
    expect(Object.keys(refused(schema.safeParse(fields({ postalCode: '6900', reason: 'Typo' }))))).toEqual([
      'postalCode',
    ]);
    const us = actionFormSchema('address', { ...context, country: 'US' });
    expect(
      Object.keys(refused(us.safeParse(fields({ postalCode: '90210', region: '', reason: 'x' })))),
    ).toEqual(['region']);
  });
});
