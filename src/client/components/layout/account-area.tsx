import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../ui/button';

type AccountAreaProps = {
  /** 'bar' in the desktop top bar, 'drawer' full width in the mobile drawer. */
  variant?: 'bar' | 'drawer';
  onNavigate?: () => void;
};

/**
 * The account corner of the layout. Accounts arrive in a later issue, which swaps this for an avatar
 * menu (initial = first letter of the e-mail, upper case; Profile and Sign out) when signed in.
 */
export function AccountArea({ variant = 'bar', onNavigate }: AccountAreaProps) {
  const { t } = useTranslation('common');
  const inDrawer = variant === 'drawer';
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
