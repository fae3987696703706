import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../components/auth/get-session';
import { signInPath } from '../../../components/auth/safe-redirect';
import { AccountArea } from '../../../components/layout/account-area';
import { FocusedShell } from '../../../components/layout/focused-shell';
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

/** The wizard's own frame: a compact header, the step, and the step bar (docs/spec.md section 2, Wizard). */
export function WizardShell({ title, children, footer }: WizardShellProps) {
  const { t } = useTranslation(['wizard', 'common']);
  return (
    <FocusedShell
      width="narrow"
      homeLabel={t('wizard:shell.homeLink')}
      title={title}
      footer={footer}
      actions={
        <div className="flex shrink-0 justify-end">
          <AccountCorner />
        </div>
      }
    >
      {children}
    </FocusedShell>
  );
}
