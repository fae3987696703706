import { describe, expect, it } from 'vitest';
import { canStillBePaid, isPaymentOpen } from './orders';

describe('whether an order can still be paid', () => {
  it('is open while the payment is pending or failed, closed once paid or refunded', () => {
    expect(isPaymentOpen('pending')).toBe(true);
    expect(isPaymentOpen('failed')).toBe(true);
    expect(isPaymentOpen('paid')).toBe(false);
    expect(isPaymentOpen('refunded')).toBe(false);
  });

  it('needs the order itself still pending (not in production or cancelled)', () => {
    expect(canStillBePaid({ status: 'pending', paymentStatus: 'failed' })).toBe(true);
    expect(canStillBePaid({ status: 'processing', paymentStatus: 'failed' })).toBe(false);
    expect(canStillBePaid({ status: 'cancelled', paymentStatus: 'pending' })).toBe(false);
  });
});
