import { describe, expect, it } from 'vitest';
import { GiftAddressSchema, ShippingAddressSchema } from '../contracts/checkout';
import {
  addWorkingDays,
  deliveryWindow,
  endOfShopDay,
  normalisePostcode,
  postcodeFits,
  SHIPPING_ZONES,
  shippingOffer,
  shippingZoneOf,
  shopDate,
  startOfShopDay,
} from './shipping';

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

describe('express and the delivery promise', () => {
  it('express costs 14.99 more than standard and travels faster', () => {
    expect(shippingOffer('CH', 'express')).toEqual({ priceCents: 1998, businessDays: { min: 1, max: 1 } });
    expect(shippingOffer('FR', 'express').priceCents).toBe(2198);
    expect(shippingOffer('US', 'express')).toEqual({ priceCents: 2798, businessDays: { min: 2, max: 4 } });
    expect(shippingOffer('US', 'standard')).toEqual(SHIPPING_ZONES.international);
  });

  it('counts working days, skipping weekends', () => {
    // Friday 27 November 2026 + 1 is Monday 30; + 5 is Friday 4 December.
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-27', 5)).toBe('2026-12-04');
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-25', 0)).toBe('2026-11-25');
  });

  it('dates the day in Swiss time: 23:30 UTC on a winter Tuesday is already Wednesday', () => {
    expect(shopDate(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(shopDate(new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-24');
  });

  it('a shop day runs from midnight to midnight in Zurich, winter and summer', () => {
    expect(startOfShopDay('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(endOfShopDay('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.999Z');
    expect(startOfShopDay('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The night summer time starts (29 March 2026) the day is 23 hours long.
    expect(endOfShopDay('2026-03-29').toISOString()).toBe('2026-03-29T21:59:59.999Z');
  });

  it('promises printing 2–7 then transit, in working days from the order', () => {
    // Wednesday 25 November 2026. Germany standard: 2+3 = 5 and 7+5 = 12 working days.
    const from = new Date('2026-11-25T10:00:00Z');
    expect(deliveryWindow(from, 'DE', 'standard')).toEqual({ earliest: '2026-12-02', latest: '2026-12-11' });
    // Express to Germany: 2+1 = 3 and 7+2 = 9 working days.
    expect(deliveryWindow(from, 'DE', 'express')).toEqual({ earliest: '2026-11-30', latest: '2026-12-08' });
    // Switzerland standard: 4 and 10 working days.
    expect(deliveryWindow(from, 'CH', 'standard')).toEqual({ earliest: '2026-12-01', latest: '2026-12-09' });
  });
});

describe('Swiss postcodes (issue 32)', () => {
  it('are four digits from 1000 to 9699', () => {
    for (const ok of ['1000', '8001', '9699', ' 3011 ', '9490'])
      expect(postcodeFits('CH', ok), ok).toBe(true);
    for (const bad of ['999', '0999', '9700', '12345', '80 01', 'CH-8001', ''])
      expect(postcodeFits('CH', bad), bad).toBe(false);
  });

  it('every country the shop ships to has its own rule (issue 36)', () => {
    const cases: Record<string, { ok: string[]; bad: string[] }> = {
      DE: { ok: ['10115', '01067', '99998'], bad: ['1011', '101150', '00999', 'D-10115'] },
      FR: {
        ok: ['75001', '06900', '20000', '97400', '98000'],
        bad: ['6900', '750', '00100', '96000', '99000'],
      },
      IT: { ok: ['00184', '20121', '47890', '00120'], bad: ['0184', '98200', '00009', 'I-20121'] },
      AT: { ok: ['1010', '6020', '9992'], bad: ['0999', '9993', '10100'] },
      US: { ok: ['90210', '10001-1234', '00501'], bad: ['9021', '902101', '90210-12', '00100'] },
      GB: {
        ok: ['SW1A 1AA', 'sw1a1aa', 'EC1A 1BB', 'M1 1AE', 'B33 8TH', 'GIR 0AA'],
        bad: ['SW1A', '12345', 'QA1 1AA'],
      },
      ES: { ok: ['28001', '01001', '52006'], bad: ['00999', '53000', '2800'] },
    };
    for (const [country, { ok, bad }] of Object.entries(cases)) {
      for (const code of ok) expect(postcodeFits(country, code), `${country} ${code}`).toBe(true);
      for (const code of bad) expect(postcodeFits(country, code), `${country} ${code}`).toBe(false);
    }
    expect(postcodeFits('XX', '12345')).toBe(false);
    expect(normalisePostcode('GB', ' sw1a1aa ')).toBe('SW1A 1AA');
  });

  it('are checked by the shared address schemas the browser and the server both use', () => {
    const address = { address: 'Bahnhofstrasse 1', city: 'Zürich', region: '', country: 'CH' as const };
    expect(ShippingAddressSchema.safeParse({ ...address, postalCode: '8001' }).success).toBe(true);
    const wrong = ShippingAddressSchema.safeParse({ ...address, postalCode: '80011' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path[0])).toEqual(['postalCode']);
    expect(
      GiftAddressSchema.safeParse({ ...address, firstName: 'Heidi', lastName: 'Muster', postalCode: '0100' })
        .success,
    ).toBe(false);
    expect(ShippingAddressSchema.safeParse({ ...address, country: 'DE', postalCode: '80011' }).success).toBe(
      true,
    );
  });
});
