import type { FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  COUNTRIES,
  type Country,
  deliveryWindow,
  formatDeliveryDay,
  needsRegion,
  SHIPPING_LEVELS,
  shippingOffer,
  US_STATES,
} from '../../../../shared/domain/shipping';
import type { Language } from '../../../../shared/i18n';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { cn } from '../../../components/ui/cn';
import { SelectField } from '../../../components/ui/select-field';
import { countryName, formatMoney } from '../../../lib/format';
import type {
  CheckoutDraft,
  CustomerField,
  DetailsField,
  DetailsProblems,
  FieldProblem,
  ShippingField,
} from '../lib/checkout-draft';
import { postcodeMessage } from '../lib/postcode-message';
import { GiftCopies } from './gift-copies';

type StepDetailsProps = {
  formId: string;
  /** The checkout's form (checkout-flow.tsx): these fields are its `customer` and `shipping`. */
  form: UseFormReturn<CheckoutDraft>;
  /** The book's language: a gift copy may be printed in the other one. */
  bookLanguage: Language;
  /** The problems to show now (fields left or submitted). */
  problems: DetailsProblems;
  /** True after a Next that found problems: the summary alert above the form. */
  showSummary: boolean;
  onSubmit: () => void;
};

/** Step 2: who orders and where the book goes, checked with the shared schemas. */
export function StepDetails({
  formId,
  form,
  bookLanguage,
  problems,
  showSummary,
  onSubmit,
}: StepDetailsProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();

  const message = (field: DetailsField, problem: FieldProblem | undefined) => {
    if (!problem) return undefined;
    if (problem.kind === 'tooLong') return t('details.errors.tooLong', { max: problem.max });
    // A postcode its country does not use says what that country's look like (shared postcodeFits).
    if (problem.kind === 'invalid' && field === 'postalCode') {
      const wrong = postcodeMessage(form.getValues('shipping.country'), language, 'details');
      if (wrong) return t(wrong.key, wrong.values);
    }
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
      {showSummary && (Object.keys(problems).length > 0 || form.formState.errors.copyGifts) && (
        <ErrorAlert>{t('details.missing')}</ErrorAlert>
      )}
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
      <DeliveryChoice form={form} country={country} />
      <GiftCopies form={form} bookLanguage={bookLanguage} />
    </form>
  );
}

/** Standard or express to the country chosen: each with its price and the days it arrives between. */
function DeliveryChoice({ form, country }: { form: UseFormReturn<CheckoutDraft>; country: Country }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-4 font-display text-xl font-semibold">{t('details.delivery')}</legend>
      {SHIPPING_LEVELS.map((level) => {
        const offer = shippingOffer(country, level);
        const window = deliveryWindow(new Date(), country, level);
        return (
          <label
            key={level}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-2xl border-2 bg-white p-4 transition-colors',
              'has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
              'border-ink-900/20 hover:border-ink-900/35',
            )}
          >
            <input
              type="radio"
              value={level}
              {...form.register('shippingLevel')}
              className="mt-1 size-4 shrink-0 accent-coral-600"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 font-bold">
                {t(`details.levels.${level}.label`)}
                <span className="tabular-nums">{formatMoney(offer.priceCents, language)}</span>
              </span>
              <span className="text-sm text-ink-700">
                {t(`details.levels.${level}.hint`, {
                  earliest: formatDeliveryDay(window.earliest, language),
                  latest: formatDeliveryDay(window.latest, language),
                })}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
