import {
  COUNTRIES,
  PRINTING_BUSINESS_DAYS,
  SHIPPING_ZONES,
  type ShippingZone,
  shippingZoneOf,
} from '../../../shared/domain/shipping';
import { useLanguage } from '../../components/layout/use-language';
import { countryName, formatList, formatMoney } from '../../lib/format';

export type ShippingZoneRow = {
  zone: ShippingZone;
  /** The zone's countries as one phrase: "Germany, France, Italy and Austria". */
  countries: string;
  price: string;
  minDays: number;
  maxDays: number;
};

/**
 * Where the shop delivers, at what price and how fast, in the reader's language. Everything comes
 * from the shared shipping table, so no price or country is ever typed into a text.
 */
export function useShippingZones(): {
  countries: string;
  zones: ShippingZoneRow[];
  printingDays: { min: number; max: number };
} {
  const { language } = useLanguage();
  const zones = (Object.keys(SHIPPING_ZONES) as ShippingZone[]).flatMap((zone) => {
    const codes = COUNTRIES.filter((country) => shippingZoneOf(country) === zone);
    if (codes.length === 0) return [];
    const { priceCents, businessDays } = SHIPPING_ZONES[zone];
    return [
      {
        zone,
        countries: formatList(
          codes.map((code) => countryName(code, language)),
          language,
        ),
        price: formatMoney(priceCents, language),
        minDays: businessDays.min,
        maxDays: businessDays.max,
      },
    ];
  });
  return {
    countries: formatList(
      COUNTRIES.map((code) => countryName(code, language)),
      language,
    ),
    zones,
    printingDays: { min: PRINTING_BUSINESS_DAYS.min, max: PRINTING_BUSINESS_DAYS.max },
  };
}
