import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SessionUser, useSession } from '../auth/get-session';
import { useSignOut } from '../auth/sign-out';
import { UserAvatar } from '../auth/user-avatar';
import { Button, buttonClass } from '../ui/button';
import { AccountPlaceholder, SignInLink } from './account-area';

/** Mobile drawer: the e-mail, then Profile and Sign out as full-width buttons. */
function DrawerAccount({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { t } = useTranslation('navigation');
  const signOut = useSignOut({ onSignedOut: onNavigate });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <UserAvatar email={user.email} image={user.image} />
        <p className="min-w-0">
          <span className="block text-xs font-bold tracking-wide text-ink-700 uppercase">
            {t('account.signedInAs')}
          </span>
          <span className="block truncate font-semibold">{user.email}</span>
        </p>
      </div>
      <Link
        to="/profile"
        onClick={onNavigate}
        className={buttonClass({ variant: 'secondary', size: 'lg', className: 'w-full' })}
      >
        <UserRound aria-hidden="true" className="size-5" />
        {t('account.profile')}
      </Link>
      <Button
        variant="ghost"
        size="lg"
        className="w-full"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" className="size-5" />
        {signOut.isPending ? t('account.signingOut') : t('account.signOut')}
      </Button>
    </div>
  );
}

/** The account part of the mobile drawer: sign-in for visitors, Profile and Sign out once signed in. */
export function DrawerAccountArea({ onNavigate }: { onNavigate?: () => void }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <AccountPlaceholder inDrawer />;
  if (!user) return <SignInLink inDrawer onNavigate={onNavigate} />;
  return <DrawerAccount user={user} onNavigate={onNavigate} />;
}
