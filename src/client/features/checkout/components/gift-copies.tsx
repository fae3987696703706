import { ChevronDown, Gift } from 'lucide-react';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import { COUNTRIES, needsRegion, shippingOffer, US_STATES } from '../../../../shared/domain/shipping';
import type { Language } from '../../../../shared/i18n';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { cn } from '../../../components/ui/cn';
import { SelectField } from '../../../components/ui/select-field';
import { countryName, formatList, formatMoney } from '../../../lib/format';
import {
  type CheckoutDraft,
  copyLanguageOf,
  copyLanguagesOf,
  type FieldProblem,
  type GiftAddressField,
  problemOfError,
} from '../lib/checkout-draft';
import { postcodeMessage } from '../lib/postcode-message';

/** The grandparent copies a gift can be made of (copy 1..3). */
const COPY_POSITIONS = [1, 2, 3] as const;

type GiftCopiesProps = {
  form: UseFormReturn<CheckoutDraft>;
  bookLanguage: Language;
};

/**
 * Step 2, under the delivery: each grandparent copy can be a gift (issue 18): sent to its own
 * address (its own parcel, priced by its country), with its own dedication, in any other of the shop's
 * languages (issue 32).
 * Each part opens with its box; what is typed stays when a box is unticked.
 */
export function GiftCopies({ form, bookLanguage }: GiftCopiesProps) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const count = form.watch('grandparentCopies.count');
  if (count < 1) return null;
  const others = copyLanguagesOf(bookLanguage).map((code) => t(`gifts.languages.${code}`));
  return (
    <section aria-labelledby="gift-copies-title" className="flex flex-col gap-4">
      <div>
        <h2 id="gift-copies-title" className="flex items-center gap-2 font-display text-xl font-semibold">
          <Gift aria-hidden="true" className="size-5 text-coral-600" />
          {t('gifts.title')}
        </h2>
        <p className="mt-1 text-ink-700">
          {t('gifts.lead', { languages: formatList(others, language, 'disjunction') })}
        </p>
      </div>
      {COPY_POSITIONS.slice(0, count).map((position) => (
        <GiftCopy key={position} index={position - 1} form={form} bookLanguage={bookLanguage} />
      ))}
    </section>
  );
}

function GiftCopy({
  index,
  form,
  bookLanguage,
}: {
  index: number;
  form: UseFormReturn<CheckoutDraft>;
  bookLanguage: Language;
}) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const id = useId();
  const base = `copyGifts.${index}` as const;
  const [apart, ownWords, inOtherLanguage, picked, country, firstName, lastName, city] = form.watch([
    `${base}.apart`,
    `${base}.ownWords`,
    `${base}.otherLanguage`,
    `${base}.language`,
    `${base}.shipTo.country`,
    `${base}.shipTo.firstName`,
    `${base}.shipTo.lastName`,
    `${base}.shipTo.city`,
  ]);
  const errors = form.formState.errors.copyGifts?.[index];
  const used = apart || ownWords || inOtherLanguage;
  const copyLanguage = copyLanguageOf(picked, bookLanguage);
  const otherLanguage = t(`gifts.languages.${copyLanguage}`);
  const languageChoices = copyLanguagesOf(bookLanguage).map((code) => ({
    value: code,
    label: t(`gifts.languages.${code}`),
  }));
  // Compact while unused: one line per copy and a button; a copy with choices (or problems) is open.
  const [expanded, setExpanded] = useState(used);
  const open = expanded || errors?.shipTo !== undefined || errors?.dedication !== undefined;

  const box = (field: 'apart' | 'ownWords' | 'otherLanguage', label: string) => (
    <label className="flex cursor-pointer items-start gap-3 font-semibold">
      <input
        type="checkbox"
        {...form.register(`${base}.${field}`)}
        className="mt-1 size-4 shrink-0 accent-coral-600"
      />
      {label}
    </label>
  );

  const recipient = `${firstName} ${lastName}`.trim();
  const where = apart
    ? recipient && city.trim()
      ? t('gifts.summary.to', { name: recipient, city: city.trim(), country: countryName(country, language) })
      : t('gifts.summary.apart')
    : t('gifts.summary.withBook');
  const summary = used
    ? [
        where,
        inOtherLanguage ? t('gifts.summary.language', { language: otherLanguage }) : '',
        ownWords ? t('gifts.summary.ownWords') : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : t('gifts.summary.none');

  return (
    <fieldset
      className={cn(
        'flex flex-col gap-4 rounded-3xl bg-white p-4 ring-1 sm:p-5',
        used ? 'ring-coral-600/40' : 'ring-sand-300/70',
      )}
    >
      <legend className="sr-only">{t('gifts.copy', { copy: index + 1 })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p aria-hidden="true" className="font-display text-lg font-semibold">
            {t('gifts.copy', { copy: index + 1 })}
          </p>
          <p className="text-sm text-ink-700">{summary}</p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-choices`}
          onClick={() => setExpanded(!open)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-ink-900/20 px-4 font-semibold hover:border-ink-900/40"
        >
          <Gift aria-hidden="true" className="size-4 text-coral-600" />
          {used ? t('gifts.change') : t('gifts.make')}
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
          />
        </button>
      </div>
      {open && (
        <div id={`${id}-choices`} className="flex flex-col gap-4 border-t border-sand-300/70 pt-4">
          {box('apart', t('gifts.apart'))}
          {apart && <GiftAddress form={form} index={index} />}
          {box('ownWords', t('gifts.ownWords'))}
          {ownWords && <GiftWords form={form} index={index} id={id} />}
          {box('otherLanguage', t('gifts.otherLanguage'))}
          {inOtherLanguage && (
            <div className="flex flex-col gap-2 border-l-4 border-coral-100 pl-4">
              <SelectField
                label={t('gifts.copyLanguage')}
                name={`${base}.language`}
                value={copyLanguage}
                onValueChange={(value) =>
                  form.setValue(`${base}.language`, value as Language, { shouldDirty: true })
                }
                options={languageChoices}
                className="sm:max-w-xs"
              />
              <p className="text-sm text-ink-700">{t('gifts.coverNote', { language: otherLanguage })}</p>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** A gift copy's own parcel: the recipient's address, and what the parcel costs to its country. */
function GiftAddress({ form, index }: { form: UseFormReturn<CheckoutDraft>; index: number }) {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const base = `copyGifts.${index}` as const;
  const [country, region, level] = form.watch([
    `${base}.shipTo.country`,
    `${base}.shipTo.region`,
    'shippingLevel',
  ]);
  const errors = form.formState.errors.copyGifts?.[index];
  const addressMessage = (field: GiftAddressField) => {
    const problem = problemOfError(errors?.shipTo?.[field]);
    const wrong =
      problem?.kind === 'invalid' && field === 'postalCode' && postcodeMessage(country, language, 'gifts');
    if (wrong) return t(wrong.key, wrong.values);
    return problem && messageOf(problem, `gifts.errors.${problem.kind}.${field}`);
  };
  const messageOf = (problem: FieldProblem, key: string) =>
    problem.kind === 'tooLong' ? t('details.errors.tooLong', { max: problem.max }) : t(key as 'gifts.title');
  const addressField = (field: Exclude<GiftAddressField, 'country' | 'region'>) => ({
    ...form.register(`${base}.shipTo.${field}`),
    error: addressMessage(field),
  });
  const choose = (field: 'country' | 'region', value: string) =>
    form.setValue(`${base}.shipTo.${field}`, value as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const countries = COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) }));
  const states = Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name }));
  const parcel = shippingOffer(country, level);
  return (
    <div className="flex flex-col gap-4 border-l-4 border-coral-100 pl-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('gifts.firstName')}
          autoComplete="off"
          required
          maxLength={60}
          {...addressField('firstName')}
        />
        <TextField
          label={t('gifts.lastName')}
          autoComplete="off"
          required
          maxLength={60}
          {...addressField('lastName')}
        />
      </div>
      <TextField
        label={t('details.address')}
        autoComplete="off"
        required
        maxLength={200}
        {...addressField('address')}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TextField
          label={t('details.postalCode')}
          autoComplete="off"
          required
          maxLength={20}
          {...addressField('postalCode')}
        />
        <TextField
          label={t('details.city')}
          autoComplete="off"
          required
          maxLength={100}
          {...addressField('city')}
        />
      </div>
      <SelectField
        label={t('details.country')}
        name={`${base}.shipTo.country`}
        required
        value={country}
        onValueChange={(value) => choose('country', value)}
        options={countries}
        error={addressMessage('country')}
      />
      {needsRegion(country) && (
        <SelectField
          label={t('details.region')}
          name={`${base}.shipTo.region`}
          required
          value={region}
          onValueChange={(value) => choose('region', value)}
          options={states}
          placeholder={t('details.regionPlaceholder')}
          error={addressMessage('region')}
        />
      )}
      <p className="text-sm text-ink-700">
        {t('gifts.parcel', { price: formatMoney(parcel.priceCents, language) })}
      </p>
    </div>
  );
}

/** A gift copy's own dedication: its message and its signature. */
function GiftWords({ form, index, id }: { form: UseFormReturn<CheckoutDraft>; index: number; id: string }) {
  const { t } = useTranslation('checkout');
  const base = `copyGifts.${index}` as const;
  const errors = form.formState.errors.copyGifts?.[index];
  const messageProblem = problemOfError(errors?.dedication?.message);
  const signatureProblem = problemOfError(errors?.dedication?.signature);
  return (
    <div className="flex flex-col gap-4 border-l-4 border-coral-100 pl-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-message`} className="font-bold">
          {t('gifts.message')}
        </label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={LIMITS.dedicationMaxChars + 20}
          {...form.register(`${base}.dedication.message`)}
          aria-invalid={messageProblem ? true : undefined}
          aria-describedby={messageProblem ? `${id}-message-error` : undefined}
          className={cn(
            'w-full rounded-2xl border-2 bg-white px-4 py-3 text-base text-ink-900 shadow-xs transition-colors focus-visible:border-ink-900 focus-visible:outline-offset-1',
            messageProblem ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
          )}
        />
        {messageProblem && (
          <p id={`${id}-message-error`} className="text-sm font-semibold text-red-700">
            {t(messageProblem.kind === 'required' ? 'gifts.errors.message' : 'gifts.errors.messageRules', {
              max: LIMITS.dedicationMaxChars,
            })}
          </p>
        )}
      </div>
      <TextField
        label={t('gifts.signature')}
        autoComplete="off"
        maxLength={LIMITS.signatureMaxChars + 10}
        {...form.register(`${base}.dedication.signature`)}
        error={signatureProblem && t('gifts.errors.signatureRules', { max: LIMITS.signatureMaxChars })}
      />
    </div>
  );
}
