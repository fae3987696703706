import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '../auth/get-session';
import { useSignOut } from '../auth/sign-out';
import { UserAvatar } from '../auth/user-avatar';
import { type OpenedWith, useFocusFirstItemOnce } from '../ui/use-menu-on-demand';
import { accountTriggerClass } from './account-trigger';

const menuItemClass =
  'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 font-semibold outline-none select-none data-[highlighted]:bg-coral-100 data-[disabled]:opacity-50';

/** Desktop: the e-mail, Profile and Sign out (docs/spec.md section 2); loaded on first use, mounted open. */
export default function AccountMenu({ user, openedWith }: { user: SessionUser; openedWith: OpenedWith }) {
  const { t } = useTranslation('navigation');
  const signOut = useSignOut();
  const onContentFocus = useFocusFirstItemOnce(openedWith);
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        aria-label={t('account.label', { email: user.email })}
        className={accountTriggerClass}
      >
        <UserAvatar email={user.email} image={user.image} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          onFocus={onContentFocus}
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
