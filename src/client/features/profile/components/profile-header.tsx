import { Loader2, LogOut, Pencil } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../../components/auth/sign-out';
import { Button } from '../../../components/ui/button';
import { atFirstInteraction } from '../../../lib/at-first-interaction';

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

// The name's form (zod and react-hook-form) loads when the person asks to edit: not part of the
// profile's first load (issue 33).
const loadNameForm = () => import('./name-form');
const NameForm = lazy(() => loadNameForm().then((module) => ({ default: module.NameForm })));
atFirstInteraction(loadNameForm);

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
              <Suspense
                fallback={<Loader2 aria-hidden="true" className="my-2 size-5 motion-safe:animate-spin" />}
              >
                <NameForm name={user.name} onDone={doneEditing} />
              </Suspense>
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
