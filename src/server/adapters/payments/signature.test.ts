import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS, SignatureError, signPayload, verifySignature } from './signature';

const SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';
const NOW = new Date('2030-05-04T10:30:00.000Z');
const NOW_SECONDS = NOW.getTime() / 1000;

// A notification as Stripe sends it: the raw body, byte for byte, is what is signed.
const payload = JSON.stringify(
  {
    id: 'evt_test_1',
    object: 'event',
    type: 'checkout.session.completed',
    created: NOW_SECONDS,
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 13_700,
        currency: 'chf',
        client_reference_id: '7d6f3c1e',
        metadata: { orderId: '7d6f3c1e', orderNumber: 'CT-2025-00042', bookInstanceId: 'b1c2d3e4' },
      },
    },
  },
  null,
  2,
);

/** A header made by Stripe's own SDK. */
function stripeHeader(options: { secret?: string; timestamp?: number; body?: string } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: options.body ?? payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? NOW_SECONDS,
  });
}

function expectRefused(check: () => void, reason: RegExp) {
  expect(check).toThrow(SignatureError);
  expect(check).toThrow(reason);
}

describe('Stripe-Signature: compatible with the Stripe SDK', () => {
  it('accepts a header made by stripe.webhooks.generateTestHeaderString', () => {
    const header = stripeHeader();
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verifySignature(payload, header, SECRET, { now: NOW })).not.toThrow();
  });

  it('makes headers that stripe.webhooks.constructEvent accepts', () => {
    const header = signPayload(payload, SECRET, NOW_SECONDS);
    const event = Stripe.webhooks.constructEvent(
      payload,
      header,
      SECRET,
      undefined,
      undefined,
      NOW.getTime(),
    );
    expect(event.id).toBe('evt_test_1');
    expect(event.type).toBe('checkout.session.completed');
  });

  it('makes the same header as the SDK for the same timestamp', () => {
    expect(signPayload(payload, SECRET, NOW_SECONDS)).toBe(stripeHeader());
  });

  it('signs with the clock it is given, as the SDK reads it', () => {
    const header = signPayload(payload, SECRET, Math.floor(Date.now() / 1000));
    expect(() => Stripe.webhooks.constructEvent(payload, header, SECRET)).not.toThrow();
    expect(() => verifySignature(payload, header, SECRET, { now: new Date() })).not.toThrow();
  });
});

describe('Stripe-Signature: refusals', () => {
  it('refuses a header signed with another secret', () => {
    const header = stripeHeader({ secret: 'whsec_test_another_secret' });
    expectRefused(() => verifySignature(payload, header, SECRET, { now: NOW }), /does not match/);
  });

  it('refuses a payload changed by one byte', () => {
    const header = stripeHeader();
    const tampered = payload.replace('"amount_total": 13700', '"amount_total": 13600');
    expect(tampered).not.toBe(payload);
    expect(Buffer.byteLength(tampered)).toBe(Buffer.byteLength(payload));
    expectRefused(() => verifySignature(tampered, header, SECRET, { now: NOW }), /does not match/);
    // The SDK agrees.
    expect(() =>
      Stripe.webhooks.constructEvent(tampered, header, SECRET, undefined, undefined, NOW.getTime()),
    ).toThrow();
  });

  it('refuses a timestamp older than the tolerance, and accepts one exactly at it', () => {
    const tooOld = stripeHeader({ timestamp: NOW_SECONDS - SIGNATURE_TOLERANCE_SECONDS - 1 });
    expectRefused(() => verifySignature(payload, tooOld, SECRET, { now: NOW }), /tolerance/);

    const edge = stripeHeader({ timestamp: NOW_SECONDS - SIGNATURE_TOLERANCE_SECONDS });
    expect(() => verifySignature(payload, edge, SECRET, { now: NOW })).not.toThrow();
  });

  it('refuses a timestamp more than the tolerance in the future', () => {
    // The comparison is strict (> 300 s), as in the SDK: 300 s ahead is still accepted, 301 s is not.
    // Unlike ours, the SDK only checks age, and would accept any future timestamp.
    const ahead = stripeHeader({ timestamp: NOW_SECONDS + SIGNATURE_TOLERANCE_SECONDS + 1 });
    expectRefused(() => verifySignature(payload, ahead, SECRET, { now: NOW }), /tolerance/);

    const edge = stripeHeader({ timestamp: NOW_SECONDS + SIGNATURE_TOLERANCE_SECONDS });
    expect(() => verifySignature(payload, edge, SECRET, { now: NOW })).not.toThrow();
  });

  it('refuses a missing header', () => {
    expectRefused(() => verifySignature(payload, undefined, SECRET, { now: NOW }), /missing/);
    expectRefused(() => verifySignature(payload, '', SECRET, { now: NOW }), /missing/);
  });

  it('refuses malformed headers', () => {
    const signature = stripeHeader().split(',')[1]!;
    for (const header of [
      'garbage',
      signature, // no timestamp
      `t=${NOW_SECONDS}`, // no signature
      `t=soon,${signature}`,
      `t=${NOW_SECONDS},v0=${signature.slice(3)}`, // another scheme only
    ]) {
      expectRefused(() => verifySignature(payload, header, SECRET, { now: NOW }), /malformed/);
    }
  });

  it('accepts a header where one of two v1 entries matches (secret rotation)', () => {
    const current = stripeHeader().split(',')[1]!;
    const old = stripeHeader({ secret: 'whsec_test_rolled_secret' }).split(',')[1]!;
    expect(current).not.toBe(old);
    for (const header of [`t=${NOW_SECONDS},${old},${current}`, `t=${NOW_SECONDS},${current},${old}`]) {
      expect(() => verifySignature(payload, header, SECRET, { now: NOW })).not.toThrow();
    }
    expectRefused(
      () => verifySignature(payload, `t=${NOW_SECONDS},${old},${old}`, SECRET, { now: NOW }),
      /match/,
    );
  });
});
