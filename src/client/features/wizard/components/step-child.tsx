import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_FACTS, LIMITS } from '../../../../shared/constants';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field-notes';
import type { ChildForm } from '../hooks/use-wizard-drafts';
import type { ChildDraft } from '../lib/drafts';
import { CompanionsField } from './companions-field';
import { PhotoField } from './photo-field';

type StepChildProps = {
  /** Step 1's form (useWizardDrafts): its problems are the fields a failed Next found missing. */
  form: ChildForm;
  onPhotoBusyChange?: (busy: boolean) => void;
};

const GENDERS = [
  { value: 'male', label: 'child.boy' },
  { value: 'female', label: 'child.girl' },
] as const;

/**
 * Step 1: the child's first name, boy or girl, age, photo and the consent to use it; then the
 * brothers, sisters or friends the book tells of beside them (issue 35).
 */
export function StepChild({ form, onPhotoBusyChange }: StepChildProps) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const { errors } = form.formState;
  const has = (field: Exclude<keyof ChildDraft, 'companions'>) => errors[field] !== undefined;
  // The lead's own problems; a companion's are summed up on their card.
  const leadProblems = Object.keys(errors).some((field) => field !== 'companions');
  const picture = form.watch('picture');
  // The stories are written for 2 to 8 (BOOK_FACTS); an older child is welcome, and the parent is told.
  const age = Number(form.watch('age'));
  const older = Number.isInteger(age) && age > BOOK_FACTS.ageMax && age <= LIMITS.childAge.max;
  const ids = { gender: `${id}-gender`, consent: `${id}-consent` };

  return (
    <div className="flex flex-col gap-6">
      {leadProblems && <ErrorAlert>{t('child.missing')}</ErrorAlert>}
      <TextField
        label={t('child.name')}
        autoComplete="off"
        maxLength={40}
        required
        {...form.field('name')}
        error={has('name') ? t('child.errors.name') : undefined}
      />
      <fieldset aria-describedby={has('gender') ? ids.gender : undefined} className="flex flex-col gap-2">
        <legend className="mb-1.5 font-bold">{t('child.gender')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          {GENDERS.map((gender) => (
            <label
              key={gender.value}
              className={cn(
                'flex h-12 cursor-pointer items-center justify-center gap-2 rounded-2xl border-2 bg-white px-4 font-bold transition-colors',
                'has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
                has('gender') ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
              )}
            >
              <input
                type="radio"
                value={gender.value}
                {...form.field('gender')}
                aria-invalid={has('gender') ? true : undefined}
                className="size-4 accent-coral-600"
              />
              {t(gender.label)}
            </label>
          ))}
        </div>
        {has('gender') && <FieldError id={ids.gender}>{t('child.errors.gender')}</FieldError>}
      </fieldset>
      <TextField
        label={t('child.age')}
        type="number"
        inputMode="numeric"
        min={LIMITS.childAge.min}
        max={LIMITS.childAge.max}
        step={1}
        required
        hint={
          older
            ? t('child.ageOlder', { min: BOOK_FACTS.ageMin, max: BOOK_FACTS.ageMax })
            : t('child.ageHint', { min: BOOK_FACTS.ageMin, max: BOOK_FACTS.ageMax })
        }
        {...form.field('age')}
        error={
          has('age')
            ? t('child.errors.age', { min: LIMITS.childAge.min, max: LIMITS.childAge.max })
            : undefined
        }
        className="sm:max-w-48"
      />
      <PhotoField
        kind="child"
        label={t('child.photo')}
        tip={t('child.photoHint')}
        pictureId={picture}
        onPictureChange={(value) => {
          form.setValue('picture', value);
          form.clearErrors('picture');
        }}
        error={has('picture') ? t('child.errors.picture') : undefined}
        onBusyChange={onPhotoBusyChange}
      />
      <div className="flex flex-col gap-2">
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl bg-lavender-100 p-4">
          <input
            type="checkbox"
            {...form.field('consent')}
            aria-invalid={has('consent') ? true : undefined}
            aria-describedby={has('consent') ? ids.consent : undefined}
            className="mt-0.5 size-5 shrink-0 accent-coral-600"
          />
          <span className="font-semibold">{t('child.consent')}</span>
        </label>
        {has('consent') && <FieldError id={ids.consent}>{t('child.errors.consent')}</FieldError>}
      </div>
      <CompanionsField form={form} />
    </div>
  );
}
