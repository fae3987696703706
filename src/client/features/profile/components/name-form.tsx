import { CircleAlert, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_NAME_MAX_CHARS,
  type DisplayNameProblem,
  DisplayNameUpdateSchema,
} from '../../../../shared/contracts/profile';
import { TextField } from '../../../components/auth/forms/form-parts';
import { Button } from '../../../components/ui/button';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateDisplayName } from '../api/update-display-name';

/**
 * The display name's form, in place of the name: checked with the shared schema before sending, the
 * field's own message for a problem (nothing else repeats it), the server's refusal in the form.
 */
export function NameForm({ name, onDone }: { name: string; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateDisplayName();
  const form = useZodForm(DisplayNameUpdateSchema, { name });
  const problem = form.formState.errors.name?.message as DisplayNameProblem | undefined;
  const submit = form.handleSubmit((data) => update.mutate(data, { onSuccess: () => onDone(true) }));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-3 pb-2">
      <TextField
        label={t('name.label')}
        autoComplete="name"
        // The field the person just asked to change.
        autoFocus
        error={problem && t(`name.problems.${problem}`, { max: DISPLAY_NAME_MAX_CHARS })}
        {...form.field('name', () => update.reset())}
      />
      {update.isError && (
        <p role="alert" className="flex items-start gap-1.5 text-sm font-semibold text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('name.failed')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending && <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />}
          {update.isPending ? t('name.saving') : t('name.save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => onDone(false)}>
          {t('name.cancel')}
        </Button>
      </div>
    </form>
  );
}
