import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { type Country, needsRegion, US_STATES } from '../../../shared/domain/shipping';
import { TextField } from '../auth/forms/form-parts';
import { SelectField } from '../ui/select-field';

type Line = 'address' | 'city' | 'postalCode';

type AddressLinesFieldsProps = {
  /** The order's country: it stays, and a US address asks for its state. */
  country: Country;
  /** The form's input for a line (`useZodForm`'s `field(name)`). */
  field: (line: Line) => Omit<ComponentProps<'input'>, 'ref'> & { ref?: ComponentProps<'input'>['ref'] };
  /** A line's problem, in the reader's words. */
  problem: (line: Line | 'region') => string | undefined;
  region: string;
  onRegionChange: (region: string) => void;
  /** What the reader should know about the country staying (the parent's and the operator's words). */
  note: string;
};

/**
 * The lines of a paid order's delivery address that may change (issue 36): street, postcode, town
 * and a US state, with the country named and kept. The parent's change in the grace period and the
 * console's correction both show these.
 */
export function AddressLinesFields({
  country,
  field,
  problem,
  region,
  onRegionChange,
  note,
}: AddressLinesFieldsProps) {
  const { t } = useTranslation('checkout');
  return (
    <>
      <TextField
        label={t('details.address')}
        autoComplete="street-address"
        {...field('address')}
        error={problem('address')}
        maxLength={200}
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          label={t('details.postalCode')}
          autoComplete="postal-code"
          {...field('postalCode')}
          error={problem('postalCode')}
          maxLength={20}
        />
        <TextField
          label={t('details.city')}
          autoComplete="address-level2"
          {...field('city')}
          error={problem('city')}
          maxLength={100}
        />
      </div>
      {needsRegion(country) && (
        <SelectField
          label={t('details.region')}
          value={region}
          onValueChange={onRegionChange}
          options={Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name }))}
          error={problem('region')}
        />
      )}
      <p className="text-sm text-ink-700">{note}</p>
    </>
  );
}
