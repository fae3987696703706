import { useTranslation } from 'react-i18next';
import { ErrorAlert, TextField } from '../../../components/auth/forms/form-parts';
import type { ToyDraft, ToyField } from '../lib/drafts';
import { PhotoField } from './photo-field';

type StepToyProps = {
  draft: ToyDraft;
  onChange: (change: Partial<ToyDraft>) => void;
  problems: readonly ToyField[];
  onPhotoBusyChange?: (busy: boolean) => void;
};

/** Step 3: the cuddly toy's name and photo. */
export function StepToy({ draft, onChange, problems, onPhotoBusyChange }: StepToyProps) {
  const { t } = useTranslation('wizard');
  return (
    <div className="flex flex-col gap-6">
      {problems.length > 0 && <ErrorAlert>{t('toy.missing')}</ErrorAlert>}
      <TextField
        label={t('toy.name')}
        name="toy-name"
        autoComplete="off"
        maxLength={40}
        required
        placeholder={t('toy.namePlaceholder')}
        value={draft.toyName}
        onValueChange={(toyName) => onChange({ toyName })}
        error={problems.includes('toyName') ? t('toy.errors.toyName') : undefined}
      />
      <PhotoField
        kind="toy"
        label={t('toy.photo')}
        tip={t('toy.photoHint')}
        pictureId={draft.toyPicture}
        onPictureChange={(toyPicture) => onChange({ toyPicture })}
        error={problems.includes('toyPicture') ? t('toy.errors.toyPicture') : undefined}
        onBusyChange={onPhotoBusyChange}
      />
    </div>
  );
}
