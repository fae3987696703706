import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { AccountArea } from '../../../components/layout/account-area';
import { Logo } from '../../../components/layout/logo';
import { buttonClass } from '../../../components/ui/button';

/** The corner of the header: the account menu once signed in, else a sign-in icon that comes back here. */
function AccountCorner() {
  const { t } = useTranslation('wizard');
  const { user } = useSession();
  const location = useLocation();
  if (user) return <AccountArea />;
  return (
    <Link
      to={signInPath(`${location.pathname}${location.search}`)}
      aria-label={t('shell.signIn')}
      title={t('shell.signIn')}
      className={buttonClass({ variant: 'secondary', size: 'icon', className: 'size-10' })}
    >
      <UserRound aria-hidden="true" className="size-5" />
    </Link>
  );
}

type WizardShellProps = {
  /** The current step's short title, beside the logo. */
  title?: string | undefined;
  children: ReactNode;
  /** The step bar (progress, Previous and Next), kept in view at the bottom. */
  footer?: ReactNode;
};

/** The wizard's own frame: a compact header, the step, and the step bar (SPEC.md section 2, Wizard). */
export function WizardShell({ title, children, footer }: WizardShellProps) {
  const { t } = useTranslation(['wizard', 'common']);
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-cream-100">
      <header className="border-b border-sand-300/70 bg-cream-100/95">
        <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4 sm:px-6">
          <Link to="/" aria-label={t('wizard:shell.homeLink')} className="-m-1 shrink-0 rounded-xl p-1">
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
            {title}
          </p>
          <div className="flex shrink-0 justify-end">
            <AccountCorner />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col px-4 pt-6 pb-10 sm:px-6 sm:pt-10">
        {children}
      </div>
      {footer}
    </div>
  );
}
