import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TOY_LOOK, type ToyLook } from '../../../../shared/domain/toy-look';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import { readToyColours } from '../api/toy-look';
import type { ToyForm } from '../hooks/use-wizard-drafts';
import { PhotoField } from './photo-field';
import { ToyLookPanel, type ToyReadingState } from './toy-look-panel';

type StepToyProps = {
  /** Step 3's form (useWizardDrafts). */
  form: ToyForm;
  onPhotoBusyChange?: (busy: boolean) => void;
};

/**
 * Step 3: the cuddly toy's name, photo and how it is drawn (kind, colours, feature). A new photo's
 * colours are read by the server where the photo allows it; otherwise the parent chooses
 * (docs/decisions/021-the-toy-drawn.md).
 */
export function StepToy({ form, onPhotoBusyChange }: StepToyProps) {
  const { t } = useTranslation('wizard');
  const { errors } = form.formState;
  const [reading, setReading] = useState<ToyReadingState>('idle');
  // Only the newest photo's answer counts.
  const latest = useRef<string | undefined>(undefined);
  const look: ToyLook = form.watch('look') ?? DEFAULT_TOY_LOOK;
  const setLook = (next: ToyLook) => form.setValue('look', next, { shouldDirty: true });

  const readColours = (photoId: string) => {
    latest.current = photoId;
    setReading('reading');
    readToyColours(photoId).then(
      (answer) => {
        if (latest.current !== photoId) return;
        if (answer.colours) {
          setLook({ ...(form.getValues('look') ?? DEFAULT_TOY_LOOK), ...answer.colours });
          setReading('read');
        } else setReading('unreadable');
      },
      () => {
        if (latest.current === photoId) setReading('unreadable');
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {Object.keys(errors).length > 0 && <ErrorAlert>{t('toy.missing')}</ErrorAlert>}
      <TextField
        label={t('toy.name')}
        autoComplete="off"
        maxLength={40}
        required
        placeholder={t('toy.namePlaceholder')}
        {...form.field('toyName')}
        error={errors.toyName ? t('toy.errors.toyName') : undefined}
      />
      <PhotoField
        kind="toy"
        label={t('toy.photo')}
        tip={t('toy.photoHint')}
        pictureId={form.watch('toyPicture')}
        onPictureChange={(value) => {
          form.setValue('toyPicture', value);
          form.clearErrors('toyPicture');
          if (value) readColours(value);
          else setReading('idle');
        }}
        error={errors.toyPicture ? t('toy.errors.toyPicture') : undefined}
        onBusyChange={onPhotoBusyChange}
      />
      <ToyLookPanel name={form.watch('toyName') ?? ''} look={look} onChange={setLook} reading={reading} />
    </div>
  );
}
