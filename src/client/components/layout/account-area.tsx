import { UserRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SessionUser, useSession } from '../auth/get-session';
import { UserAvatar } from '../auth/user-avatar';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { useMenuOnDemand } from '../ui/use-menu-on-demand';
import { accountTriggerClass } from './account-trigger';

/** 'inDrawer': full width in the mobile drawer, else small in the top bar. */
export function SignInLink({ inDrawer, onNavigate }: { inDrawer: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to="/auth"
      onClick={onNavigate}
      className={buttonClass({
        variant: 'secondary',
        size: inDrawer ? 'lg' : 'sm',
        className: inDrawer ? 'w-full' : undefined,
      })}
    >
      <UserRound aria-hidden="true" className="size-5" />
      {t('actions.signIn')}
    </Link>
  );
}

/**
 * Holds the place while the session is read: the sign-in button's own box, invisible, so nothing
 * around it moves when the real control arrives.
 */
export function AccountPlaceholder({ inDrawer }: { inDrawer: boolean }) {
  const { t } = useTranslation(['navigation', 'common']);
  return (
    // Same box as the secondary button (border, height, padding, text), filled with a calm tint.
    <span
      aria-busy="true"
      data-testid="account-placeholder"
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full border-2 border-transparent bg-ink-900/5 font-bold whitespace-nowrap select-none motion-safe:animate-pulse',
        inDrawer ? 'h-14 w-full px-8 text-lg' : 'h-10 px-4 text-sm',
      )}
    >
      <span className="sr-only">{t('navigation:account.checking')}</span>
      {/* Invisible, not merely transparent: the box keeps its size and no checker reads the text. */}
      <UserRound aria-hidden="true" className="invisible size-5 shrink-0" />
      <span aria-hidden="true" className="invisible">
        {t('common:actions.signIn')}
      </span>
    </span>
  );
}

// Radix's menu is not needed to paint the page: it loads when the avatar is first used.
const loadAccountMenu = () => import('./account-menu');
const LazyAccountMenu = lazy(loadAccountMenu);

/** Desktop: the avatar opens a menu with the e-mail, Profile and Sign out (docs/spec.md section 2). */
function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('navigation');
  const { openedWith, triggerProps } = useMenuOnDemand(loadAccountMenu);
  const standIn = (
    <button
      type="button"
      aria-label={t('account.label', { email: user.email })}
      className={accountTriggerClass}
      {...triggerProps}
    >
      <UserAvatar email={user.email} image={user.image} />
    </button>
  );
  if (!openedWith) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LazyAccountMenu user={user} openedWith={openedWith} />
    </Suspense>
  );
}

/** The account corner of the top bar: sign-in for visitors, the account menu once signed in. */
export function AccountArea() {
  const { user, isLoading } = useSession();
  if (isLoading) return <AccountPlaceholder inDrawer={false} />;
  if (!user) return <SignInLink inDrawer={false} />;
  return <AccountMenu user={user} />;
}
