import { CircleAlert, Loader2, LogOut, Pencil } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_NAME_MAX_CHARS,
  type DisplayNameProblem,
  DisplayNameUpdateSchema,
} from '../../../../shared/contracts/profile';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useSignOut } from '../../../components/auth/sign-out';
import { Button } from '../../../components/ui/button';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateDisplayName } from '../api/update-display-name';

/** The first letter of the display name, else of the e-mail, upper case (docs/spec.md section 2). */
export function profileInitial({ name, email }: { name: string; email: string }): string {
  const source = name.trim() || email.trim();
  return (Array.from(source)[0] ?? '?').toUpperCase();
}

function ProfileAvatar({ name, email, image }: { name: string; email: string; image: string | null }) {
  const [imageFailed, setImageFailed] = useState(false);
  const shape = 'inline-flex size-16 shrink-0 items-center justify-center rounded-full sm:size-20';
  if (image && !imageFailed) {
    return (
      <img
        src={image}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setImageFailed(true)}
        className={`${shape} object-cover ring-4 ring-white`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="profile-initial"
      className={`${shape} bg-coral-600 font-display text-3xl font-semibold text-white ring-4 ring-white`}
    >
      {profileInitial({ name, email })}
    </span>
  );
}

/**
 * The display name's form, in place of the name: checked with the shared schema before sending, the
 * field's own message for a problem (nothing else repeats it), the server's refusal in the form.
 */
function NameForm({ name, onDone }: { name: string; onDone: (saved: boolean) => void }) {
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

/** Who is signed in, and the way out: success goes home, failure says so in a toast. */
export function ProfileHeader({
  user,
  onLeft,
}: {
  user: { name: string; email: string; image: string | null };
  /** Called once on the way home, just before the session is dropped. */
  onLeft: () => void;
}) {
  const { t } = useTranslation('profile');
  const signOut = useSignOut({ onSignedOut: onLeft });
  const displayName = user.name.trim() || user.email;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const savedId = useId();
  const doneEditing = (wasSaved: boolean) => {
    setEditing(false);
    setSaved(wasSaved);
    // Back to the button that opened the form, once it is shown again.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <header className="flex flex-col gap-4 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:flex-row sm:items-center sm:p-6">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <ProfileAvatar name={user.name} email={user.email} image={user.image} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-bold tracking-wide text-ink-700 uppercase">{t('header.title')}</p>
          {editing ? (
            <>
              <h1 className="sr-only">{displayName}</h1>
              <NameForm name={user.name} onDone={doneEditing} />
            </>
          ) : (
            <div className="flex min-w-0 flex-wrap items-center gap-x-2">
              <h1 className="min-w-0 truncate text-2xl font-semibold sm:text-3xl" title={displayName}>
                {displayName}
              </h1>
              <Button
                ref={editButton}
                variant="ghost"
                size="sm"
                className="-ml-2 sm:ml-0"
                aria-describedby={saved ? savedId : undefined}
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t('name.edit')}
              </Button>
            </div>
          )}
          {saved && (
            <p role="status" id={savedId} className="text-sm font-semibold text-green-800">
              {t('name.saved')}
            </p>
          )}
          <p className="truncate text-ink-700" title={user.email}>
            {user.email}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {signOut.isPending ? (
          <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        ) : (
          <LogOut aria-hidden="true" className="size-5" />
        )}
        {signOut.isPending ? t('header.signingOut') : t('header.signOut')}
      </Button>
    </header>
  );
}
