import { ChevronDown, Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import { MAX_COMPANIONS } from '../../../../shared/domain/cast';
import type { ChildLook } from '../../../../shared/domain/child-look';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FieldError } from '../../../components/ui/field-notes';
import { formatMoney } from '../../../lib/format';
import { useExtraChildPrice } from '../../../lib/prices';
import { childPreviewUrl } from '../api/child-preview';
import type { ChildForm } from '../hooks/use-wizard-drafts';
import { companionDraftFrom } from '../lib/drafts';
import { LookChoices } from './look-panel';
import { ToyLookPanel } from './toy-look-panel';

const GENDERS = [
  { value: 'male', label: 'child.boy' },
  { value: 'female', label: 'child.girl' },
] as const;

/**
 * "Add a brother, sister or friend" under the child's fields in step 1 (issue 35,
 * docs/decisions/030-siblings.md): up to two companions, each with a name, boy or girl, an age, a
 * look chosen with the look panel's choices and previewed as the book draws them (no photo), and an
 * optional toy of their own. A companion is removed with a clear button; the focus then goes to the
 * add button, and the list says what happened.
 */
/** What each added child costs, from the shop's prices (nothing shown until they are read). */
function ExtraChildPrice() {
  const { t } = useTranslation('wizard');
  const { language } = useLanguage();
  const cents = useExtraChildPrice();
  if (cents === undefined) return null;
  return (
    <p className="text-sm text-ink-700">
      {cents === 0
        ? t('companions.priceFree')
        : t('companions.price', { price: formatMoney(cents, language) })}
    </p>
  );
}

export function CompanionsField({ form }: { form: ChildForm }) {
  const { t } = useTranslation('wizard');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'companions' });
  const addRef = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // A companion just added shows its look's choices open and takes the focus; the others show the
  // preview only until the parent opens their choices.
  const [opened, setOpened] = useState<string | undefined>(undefined);
  const [added, setAdded] = useState(false);
  const headingId = useId();
  const full = fields.length >= MAX_COMPANIONS;

  const add = () => {
    append(companionDraftFrom(), { shouldFocus: false });
    setAdded(true);
    setOpened(undefined);
    setAnnouncement(t('companions.added', { count: fields.length + 1 }));
  };
  const removeAt = (index: number) => {
    const name = form.getValues(`companions.${index}.name`).trim();
    remove(index);
    setAdded(false);
    setAnnouncement(name ? t('companions.removedNamed', { name }) : t('companions.removed'));
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {t('companions.title')}
        </h2>
        <p className="text-ink-700">{t('companions.lead', { max: MAX_COMPANIONS })}</p>
        <ExtraChildPrice />
      </div>
      {fields.map((field, index) => (
        <CompanionCard
          key={field.id}
          form={form}
          index={index}
          fresh={added && index === fields.length - 1}
          open={opened === field.id || (added && opened === undefined && index === fields.length - 1)}
          onToggle={() => setOpened(opened === field.id ? undefined : field.id)}
          onRemove={() => removeAt(index)}
        />
      ))}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {full ? (
        <p className="text-sm text-ink-700">{t('companions.full', { max: MAX_COMPANIONS })}</p>
      ) : (
        <Button
          ref={addRef}
          variant="secondary"
          // The German and Italian labels are wider than a phone: the label wraps inside the button.
          className="h-auto min-h-10 max-w-full self-start py-2 text-left whitespace-normal"
          onClick={add}
        >
          <Plus aria-hidden="true" className="size-5" />
          {t(fields.length === 0 ? 'companions.add' : 'companions.addAnother')}
        </Button>
      )}
    </section>
  );
}

function CompanionCard({
  form,
  index,
  fresh,
  open,
  onToggle,
  onRemove,
}: {
  form: ChildForm;
  index: number;
  /** Just added: its name field takes the focus. */
  fresh: boolean;
  open: boolean;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('wizard');
  const id = useId();
  const path = `companions.${index}` as const;
  const errors = form.formState.errors.companions?.[index];
  const field = form.watch(path);
  const name = field?.name.trim() || t('companions.unnamed', { number: index + 2 });
  const look = field?.look;
  const choose = (change: Partial<ChildLook>) =>
    form.setValue(`${path}.look`, { ...form.getValues(`${path}.look`), ...change }, { shouldDirty: true });
  const ids = { gender: `${id}-gender` };
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0;

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-3xl bg-cream-50 p-4 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${id}-title`} className="font-display text-lg font-semibold">
          {name}
        </h3>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t('companions.remove', { name })}>
          <X aria-hidden="true" className="size-4" />
          {t('companions.removeShort')}
        </Button>
      </div>
      {hasErrors && <ErrorAlert>{t('companions.missing', { name })}</ErrorAlert>}
      <TextField
        label={t('companions.name')}
        // The parent just asked for this card: its first field is next.
        autoFocus={fresh}
        autoComplete="off"
        maxLength={40}
        required
        {...form.field(`${path}.name`)}
        error={errors?.name ? t('companions.errors.name') : undefined}
      />
      <fieldset aria-describedby={errors?.gender ? ids.gender : undefined} className="flex flex-col gap-2">
        <legend className="mb-1.5 font-bold">{t('companions.gender', { name })}</legend>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          {GENDERS.map((gender) => (
            <label
              key={gender.value}
              className={cn(
                'flex h-12 cursor-pointer items-center justify-center gap-2 rounded-2xl border-2 bg-white px-4 font-bold transition-colors',
                'has-[:checked]:border-coral-600 has-[:checked]:bg-coral-100 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-ink-900',
                errors?.gender ? 'border-red-600' : 'border-ink-900/20 hover:border-ink-900/35',
              )}
            >
              <input
                type="radio"
                value={gender.value}
                {...form.field(`${path}.gender`)}
                aria-invalid={errors?.gender ? true : undefined}
                className="size-4 accent-coral-600"
              />
              {t(gender.label)}
            </label>
          ))}
        </div>
        {errors?.gender && <FieldError id={ids.gender}>{t('child.errors.gender')}</FieldError>}
      </fieldset>
      <TextField
        label={t('companions.age')}
        type="number"
        inputMode="numeric"
        min={LIMITS.childAgeOnRecord.min}
        max={LIMITS.childAgeOnRecord.max}
        step={1}
        required
        {...form.field(`${path}.age`)}
        error={
          errors?.age
            ? t('child.errors.age', { min: LIMITS.childAgeOnRecord.min, max: LIMITS.childAgeOnRecord.max })
            : undefined
        }
        className="sm:max-w-48"
      />
      {look && <CompanionLook name={name} look={look} open={open} onToggle={onToggle} choose={choose} />}
      <label className="flex cursor-pointer items-start gap-3 rounded-2xl bg-lavender-100 p-4">
        <input
          type="checkbox"
          {...form.register(`${path}.hasToy`)}
          className="mt-0.5 size-5 shrink-0 accent-coral-600"
        />
        <span className="font-semibold">{t('companions.hasToy', { name })}</span>
      </label>
      {field?.hasToy && (
        <div className="flex flex-col gap-4">
          <TextField
            label={t('companions.toyName', { name })}
            autoComplete="off"
            maxLength={40}
            required
            {...form.field(`${path}.toyName`)}
            // The schema's path for the toy's name is `toy.name` (the draft's `toyName`).
            error={errors && 'toy' in errors ? t('companions.errors.toyName') : undefined}
          />
          <ToyLookPanel
            name={field.toyName}
            owner={name}
            look={field.toyLook}
            onChange={(toyLook) => form.setValue(`${path}.toyLook`, toyLook, { shouldDirty: true })}
            reading="idle"
          />
        </div>
      )}
    </article>
  );
}

/** A companion's drawn preview and, on demand, the look panel's choices for them. */
function CompanionLook({
  name,
  look,
  open,
  onToggle,
  choose,
}: {
  name: string;
  look: ChildLook;
  open: boolean;
  onToggle: () => void;
  choose: (change: Partial<ChildLook>) => void;
}) {
  const { t } = useTranslation('wizard');
  const choicesId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <img
          src={childPreviewUrl(look)}
          alt={t('companions.previewAlt', { name })}
          width={112}
          height={140}
          className="h-36 w-auto shrink-0 rounded-2xl bg-white p-1 ring-1 ring-sand-300/70"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-ink-700">{t('companions.lookLead', { name })}</p>
          {/* A long name in French or German wraps the button rather than overflow a phone. */}
          <Button
            variant="secondary"
            size="sm"
            className="h-auto min-h-10 max-w-full self-start py-2 text-left whitespace-normal"
            aria-expanded={open}
            aria-controls={choicesId}
            onClick={onToggle}
          >
            {t(open ? 'companions.lookClose' : 'companions.lookOpen', { name })}
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 transition-transform', open && 'rotate-180')}
            />
          </Button>
        </div>
      </div>
      <div id={choicesId} hidden={!open} className="flex flex-col gap-5">
        {open && <LookChoices look={look} choose={choose} />}
      </div>
    </div>
  );
}
