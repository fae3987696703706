import { CircleAlert, ImageUp, Loader2, Save } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS } from '../../../../shared/constants';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { codeOf } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateBookTexts } from '../api/update-book-texts';
import {
  changedTexts,
  type TextField,
  TextFieldsFormSchema,
  type TextProblem,
  textFieldsOf,
} from '../lib/text-changes';
import { useErrorMessage } from '../lib/use-error-message';

const inputClass = cn(
  'w-full rounded-2xl border-2 border-ink-900/15 bg-white px-4 py-3 text-base',
  'focus-visible:border-ink-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink-900',
  'aria-[invalid=true]:border-red-700',
);

/**
 * Changes before approval: the names, the dedication and the signature. Saving sets the text again
 * as a new version (no picture is redrawn) and the reader shows it; "Change the photo" starts the
 * wizard again. The parent's unsaved words stay while the book is read again.
 */
export function ChangesPanel({ book }: { book: BookPreview }) {
  const { t } = useTranslation('book');
  const errorMessage = useErrorMessage();
  const id = useId();
  const save = useUpdateBookTexts(book.id);
  const form = useZodForm(TextFieldsFormSchema, textFieldsOf(book));
  const [notice, setNotice] = useState<'saved' | 'unchanged' | null>(null);

  const submit = form.handleSubmit(
    (values) => {
      setNotice(null);
      const change = changedTexts(book, values);
      if (!change) {
        setNotice('unchanged');
        return;
      }
      save.mutate(change, {
        onSuccess: (updated) => {
          form.reset(textFieldsOf(updated));
          setNotice('saved');
        },
      });
    },
    () => setNotice(null),
  );

  const companions = book.names.companions ?? [];
  // One field per child beside the lead, in the cast's order.
  const companionFields = companions.map((_, at) => `companionNames.${at}` as const);
  const field = (name: TextField | `companionNames.${number}`, multiline = false) => {
    const at = name.startsWith('companionNames.') ? Number(name.split('.')[1]) : undefined;
    const problem = (
      at === undefined
        ? form.formState.errors[name as TextField]?.message
        : form.formState.errors.companionNames?.[at]?.message
    ) as TextProblem | undefined;
    const errorId = `${id}-${name}-error`;
    const hintId = `${id}-${name}-hint`;
    const hint =
      name === 'dedicationMessage'
        ? t('changes.hints.dedication', { max: LIMITS.dedicationMaxChars })
        : name === 'dedicationSignature'
          ? t('changes.hints.signature', { max: LIMITS.signatureMaxChars })
          : undefined;
    const common = {
      id: `${id}-${name}`,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': [hint ? hintId : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined,
      className: inputClass,
      ...form.field(name, () => setNotice(null)),
    };
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-${name}`} className="font-bold">
          {label(name, at)}
        </label>
        {multiline ? <textarea {...common} rows={4} /> : <input {...common} type="text" autoComplete="off" />}
        {hint && (
          <p id={hintId} className="text-sm text-ink-700">
            {hint}
          </p>
        )}
        {problem && (
          <p id={errorId} className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(`changes.errors.${problem}`, {
              max: problem === 'signatureTooLong' ? LIMITS.signatureMaxChars : LIMITS.dedicationMaxChars,
            })}
          </p>
        )}
      </div>
    );
  };

  // A cast's children are each named by their current name, the lead first (issue 35); a book of one
  // child keeps its labels.
  function label(name: TextField | `companionNames.${number}`, at: number | undefined) {
    if (at !== undefined) return t('changes.fields.namedChild', { name: companions[at] ?? '' });
    if (name === 'childName' && companions.length > 0) {
      return t('changes.fields.namedChild', { name: book.names.child });
    }
    // Italian names the field for a girl ("Nome della bambina"), issue 36.
    const context = name === 'childName' && book.names.childGender === 'female' ? 'female' : undefined;
    return t(`changes.fields.${name as TextField}`, { context });
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
    >
      <div>
        <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold">
          {t('changes.heading')}
        </h2>
        <p className="mt-1 text-ink-700">{t('changes.lead')}</p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('childName')}
          {companionFields.map((name) => (
            <Fragment key={name}>{field(name)}</Fragment>
          ))}
          {field('toyName')}
        </div>
        {field('dedicationMessage', true)}
        {field('dedicationSignature')}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <Save aria-hidden="true" className="size-5" />
            )}
            {save.isPending ? t('changes.saving') : t('changes.save')}
          </Button>
          <p aria-live="polite" className="font-semibold" data-testid="changes-status">
            {notice === 'saved' && t('changes.saved')}
            {notice === 'unchanged' && t('changes.unchanged')}
          </p>
        </div>
        {save.isError && (
          <p role="alert" className="font-semibold text-red-700">
            {errorMessage(codeOf(save.error), t('changes.failed'))}
          </p>
        )}
      </form>
      <div className="flex flex-col gap-2 border-t-2 border-dashed border-sand-300 pt-4">
        <h3 className="font-bold">{t('changes.photo.heading')}</h3>
        <p className="text-ink-700">{t('changes.photo.text')}</p>
        <Link
          to={`/wizard?${new URLSearchParams({ type: book.bookType, book: book.id })}`}
          className={buttonClass({ variant: 'secondary', className: 'self-start' })}
        >
          <ImageUp aria-hidden="true" className="size-5" />
          {t('changes.photo.action')}
        </Link>
      </div>
    </section>
  );
}
