import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountArea } from '../../../components/layout/account-area';
import { FocusedShell } from '../../../components/layout/focused-shell';
import { buttonClass } from '../../../components/ui/button';

type CheckoutShellProps = {
  children: ReactNode;
  /** The step bar (Previous and Next), kept in view at the bottom. */
  footer?: ReactNode;
  /** Where "back" leads: the wizard (default), or the drawn book's reader. */
  back?: { to: string; label: string };
};

/** The checkout's own quiet frame: logo, title, the way back and the account; no shop menu. */
export function CheckoutShell({ children, footer, back }: CheckoutShellProps) {
  const { t } = useTranslation('checkout');
  const { to, label } = back ?? { to: '/wizard', label: t('shell.backToWizard') };
  return (
    <FocusedShell
      width="wide"
      homeLabel={t('shell.homeLink')}
      title={t('shell.title')}
      footer={footer}
      actions={
        <div className="flex shrink-0 items-center justify-end gap-2">
          <Link
            to={to}
            aria-label={label}
            title={label}
            className={buttonClass({
              variant: 'secondary',
              size: 'sm',
              className: 'max-sm:w-10 max-sm:px-0',
            })}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
            <span className="max-sm:sr-only">{label}</span>
          </Link>
          <AccountArea />
        </div>
      }
    >
      {children}
    </FocusedShell>
  );
}
