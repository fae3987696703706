import { describe, expect, it } from 'vitest';
import { SHIPPING_ZONES, shippingZoneOf } from './shipping';

describe('shipping zones', () => {
  it('charges CH 4.99, its neighbours 6.99 and everywhere else 12.99', () => {
    expect(SHIPPING_ZONES[shippingZoneOf('CH')].priceCents).toBe(499);
    for (const country of ['DE', 'FR', 'IT', 'AT'])
      expect(SHIPPING_ZONES[shippingZoneOf(country)].priceCents).toBe(699);
    for (const country of ['US', 'GB', 'ES', 'JP'])
      expect(SHIPPING_ZONES[shippingZoneOf(country)].priceCents).toBe(1299);
  });

  it('promises 2-3 days in CH, 3-5 to neighbours, 7-10 elsewhere', () => {
    expect(SHIPPING_ZONES[shippingZoneOf('CH')].businessDays).toEqual({ min: 2, max: 3 });
    expect(SHIPPING_ZONES[shippingZoneOf('AT')].businessDays).toEqual({ min: 3, max: 5 });
    expect(SHIPPING_ZONES[shippingZoneOf('US')].businessDays).toEqual({ min: 7, max: 10 });
  });
});
