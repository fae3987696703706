import { type Country, POSTCODE_RULES } from '../../../../shared/domain/shipping';
import type { Language } from '../../../../shared/i18n';
import { countryName } from '../../../lib/format';

/**
 * The message for a postcode its country does not use: Switzerland's says its four digits and
 * range, every other country names itself and shows a postcode as its post writes one.
 */
export function postcodeMessage(country: string, language: Language, form: 'details' | 'gifts') {
  const rule = POSTCODE_RULES[country as Country];
  if (!rule) return undefined;
  if (country === 'CH') return { key: `${form}.errors.invalid.postalCodeCH` as const, values: {} };
  return {
    key: `${form}.errors.invalid.postalCodeFor` as const,
    values: { country: countryName(country, language), example: rule.example },
  };
}
