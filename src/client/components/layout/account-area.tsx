import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SessionUser, useSession } from '../auth/get-session';
import { useSignOut } from '../auth/sign-out';
import { UserAvatar } from '../auth/user-avatar';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';

type AccountAreaProps = {
  /** 'bar' in the desktop top bar, 'drawer' full width in the mobile drawer. */
  variant?: 'bar' | 'drawer';
  onNavigate?: () => void;
};

function SignInLink({ inDrawer, onNavigate }: { inDrawer: boolean; onNavigate?: () => void }) {
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
function AccountPlaceholder({ inDrawer }: { inDrawer: boolean }) {
  const { t } = useTranslation(['navigation', 'common']);
  return (
    // Same box as the secondary button (border, height, padding, text), filled with a calm tint.
    <span
      aria-busy="true"
      data-testid="account-placeholder"
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full border-2 border-transparent bg-ink-900/5 font-bold whitespace-nowrap text-transparent select-none motion-safe:animate-pulse',
        inDrawer ? 'h-14 w-full px-8 text-lg' : 'h-10 px-4 text-sm',
      )}
    >
      <span className="sr-only">{t('navigation:account.checking')}</span>
      <UserRound aria-hidden="true" className="size-5 shrink-0" />
      <span aria-hidden="true">{t('common:actions.signIn')}</span>
    </span>
  );
}

const menuItemClass =
  'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 font-semibold outline-none select-none data-[highlighted]:bg-coral-100 data-[disabled]:opacity-50';

/** Desktop: the avatar opens a menu with the e-mail, Profile and Sign out (SPEC.md section 2). */
function AccountMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('navigation');
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('account.label', { email: user.email })}
        className="rounded-full p-0.5 transition-shadow hover:shadow-soft data-[state=open]:ring-2 data-[state=open]:ring-coral-300"
      >
        <UserAvatar email={user.email} image={user.image} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-2xl border border-sand-300 bg-cream-50 p-1.5 shadow-soft motion-safe:animate-pop-in"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-2.5">
            <span className="block text-xs font-bold tracking-wide text-ink-700 uppercase">
              {t('account.signedInAs')}
            </span>
            <span className="block truncate font-semibold" title={user.email}>
              {user.email}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-sand-300" />
          <DropdownMenu.Item asChild className={menuItemClass}>
            <Link to="/profile">
              <UserRound aria-hidden="true" className="size-5" />
              {t('account.profile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={menuItemClass}
            disabled={signOut.isPending}
            onSelect={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" className="size-5" />
            {t('account.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

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

/** The account corner of the layout: sign-in for visitors, the account menu once signed in. */
export function AccountArea({ variant = 'bar', onNavigate }: AccountAreaProps) {
  const { user, isLoading } = useSession();
  const inDrawer = variant === 'drawer';
  if (isLoading) return <AccountPlaceholder inDrawer={inDrawer} />;
  if (!user) return <SignInLink inDrawer={inDrawer} onNavigate={onNavigate} />;
  return inDrawer ? <DrawerAccount user={user} onNavigate={onNavigate} /> : <AccountMenu user={user} />;
}
