import { BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountArea } from '../../../components/layout/account-area';
import { FocusedShell } from '../../../components/layout/focused-shell';
import { buttonClass } from '../../../components/ui/button';

/** "Your book" in the quiet frame of the wizard and checkout: logo, title, My Books, the account. */
export function BookShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('book');
  return (
    <FocusedShell
      width="wide"
      homeLabel={t('shell.homeLink')}
      title={t('shell.title')}
      actions={
        <div className="flex shrink-0 items-center justify-end gap-2">
          <Link
            to="/profile"
            aria-label={t('shell.myBooks')}
            title={t('shell.myBooks')}
            className={buttonClass({
              variant: 'secondary',
              size: 'sm',
              className: 'max-sm:w-10 max-sm:px-0',
            })}
          >
            <BookOpen aria-hidden="true" className="size-5" />
            <span className="max-sm:sr-only">{t('shell.myBooks')}</span>
          </Link>
          <AccountArea />
        </div>
      }
    >
      {children}
    </FocusedShell>
  );
}
