import type { FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, needsRegion, US_STATES } from '../../../../shared/domain/shipping';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { SelectField } from '../../../components/ui/select-field';
import { countryName } from '../../../lib/format';
import type {
  CheckoutDraft,
  CustomerField,
  DetailsField,
  DetailsProblems,
  FieldProblem,
  ShippingField,
} from '../lib/checkout-draft';

type StepDetailsProps = {
  formId: string;
  /** The checkout's form (checkout-flow.tsx): these fields are its `customer` and `shipping`. */
  form: UseFormReturn<CheckoutDraft>;
  /** The problems to show now (fields left or submitted). */
  problems: DetailsProblems;
  /** True after a Next that found problems: the summary alert above the form. */
  showSummary: boolean;
  onSubmit: () => void;
};

/** Step 2: who orders and where the book goes, checked with the shared schemas. */
export function StepDetails({ formId, form, problems, showSummary, onSubmit }: StepDetailsProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();

  const message = (field: DetailsField, problem: FieldProblem | undefined) => {
    if (!problem) return undefined;
    if (problem.kind === 'tooLong') return t('details.errors.tooLong', { max: problem.max });
    return t(`details.errors.${problem.kind}.${field}`);
  };
  const customerField = (field: CustomerField) => ({
    ...form.register(`customer.${field}`),
    error: message(field, problems[field]),
  });
  const shippingField = (field: Exclude<ShippingField, 'country' | 'region'>) => ({
    ...form.register(`shipping.${field}`),
    error: message(field, problems[field]),
  });
  // The selects show what the form holds; a change is checked again once the field was checked.
  const [country, region] = form.watch(['shipping.country', 'shipping.region']);
  const choose = (field: 'country' | 'region', value: string) =>
    form.setValue(`shipping.${field}`, value as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted || problems[field] !== undefined,
    });

  const countries = COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) }));
  const states = Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-8">
      {showSummary && Object.keys(problems).length > 0 && <ErrorAlert>{t('details.missing')}</ErrorAlert>}
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 font-display text-xl font-semibold">{t('details.customer')}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('details.firstName')}
            autoComplete="given-name"
            required
            maxLength={60}
            {...customerField('firstName')}
          />
          <TextField
            label={t('details.lastName')}
            autoComplete="family-name"
            required
            maxLength={60}
            {...customerField('lastName')}
          />
        </div>
        <TextField
          label={t('details.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          hint={t('details.emailHint')}
          {...customerField('email')}
        />
        <TextField
          label={t('details.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={30}
          hint={t('details.phoneHint')}
          {...customerField('phone')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 font-display text-xl font-semibold">{t('details.shipping')}</legend>
        <TextField
          label={t('details.address')}
          autoComplete="address-line1"
          required
          maxLength={200}
          {...shippingField('address')}
        />
        <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <TextField
            label={t('details.postalCode')}
            autoComplete="postal-code"
            required
            maxLength={20}
            {...shippingField('postalCode')}
          />
          <TextField
            label={t('details.city')}
            autoComplete="address-level2"
            required
            maxLength={100}
            {...shippingField('city')}
          />
        </div>
        <SelectField
          label={t('details.country')}
          name="country"
          autoComplete="country"
          required
          value={country}
          onValueChange={(value) => choose('country', value)}
          onBlur={() => void form.trigger('shipping.country')}
          options={countries}
          error={message('country', problems.country)}
        />
        {needsRegion(country) && (
          <SelectField
            label={t('details.region')}
            name="region"
            autoComplete="address-level1"
            required
            value={region}
            onValueChange={(value) => choose('region', value)}
            onBlur={() => void form.trigger('shipping.region')}
            options={states}
            placeholder={t('details.regionPlaceholder')}
            hint={t('details.regionHint')}
            error={message('region', problems.region)}
          />
        )}
      </fieldset>
    </form>
  );
}
