import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountArea } from '../../../components/layout/account-area';
import { Logo } from '../../../components/layout/logo';
import { buttonClass } from '../../../components/ui/button';

type CheckoutShellProps = {
  children: ReactNode;
  /** The step bar (Previous and Next), kept in view at the bottom. */
  footer?: ReactNode;
};

/** The checkout's own quiet frame: logo, title, back to the wizard and the account; no shop menu. */
export function CheckoutShell({ children, footer }: CheckoutShellProps) {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-cream-100">
      <header className="border-b border-sand-300/70 bg-cream-100/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to="/" aria-label={t('shell.homeLink')} className="-m-1 shrink-0 rounded-xl p-1">
            <img
              src="/brand/favicon.svg"
              alt=""
              width={36}
              height={36}
              className="size-9 -rotate-6 sm:hidden"
            />
            <Logo className="hidden h-8 sm:block sm:h-8" />
          </Link>
          <p className="min-w-0 flex-1 truncate text-center font-display text-lg font-semibold sm:text-xl">
            {t('shell.title')}
          </p>
          <div className="flex shrink-0 items-center justify-end gap-2">
            <Link
              to="/wizard"
              aria-label={t('shell.backToWizard')}
              title={t('shell.backToWizard')}
              className={buttonClass({
                variant: 'secondary',
                size: 'sm',
                className: 'max-sm:w-10 max-sm:px-0',
              })}
            >
              <ArrowLeft aria-hidden="true" className="size-5" />
              <span className="max-sm:sr-only">{t('shell.backToWizard')}</span>
            </Link>
            <AccountArea />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 pt-6 pb-10 sm:px-6 sm:pt-8">
        {children}
      </div>
      {footer}
    </div>
  );
}
