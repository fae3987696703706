import { useTranslation } from 'react-i18next';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import type { ToyForm } from '../hooks/use-wizard-drafts';
import { PhotoField } from './photo-field';

type StepToyProps = {
  /** Step 3's form (useWizardDrafts). */
  form: ToyForm;
  onPhotoBusyChange?: (busy: boolean) => void;
};

/** Step 3: the cuddly toy's name and photo. */
export function StepToy({ form, onPhotoBusyChange }: StepToyProps) {
  const { t } = useTranslation('wizard');
  const { errors } = form.formState;
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
        }}
        error={errors.toyPicture ? t('toy.errors.toyPicture') : undefined}
        onBusyChange={onPhotoBusyChange}
      />
    </div>
  );
}
