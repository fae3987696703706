import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountArea } from '../../../components/layout/account-area';
import { FocusedShell } from '../../../components/layout/focused-shell';
import { NotFoundContent } from '../../../components/layout/not-found-content';
import { PageFallback } from '../../../components/layout/page-fallback';
import { cn } from '../../../components/ui/cn';
import { isNotFound } from '../../../lib/api-client';
import { useAdminMe } from '../api/admin-api';
import { LoadFailed } from './load-failed';

const LINKS = [
  { to: '/admin', key: 'overview', end: true },
  { to: '/admin/orders', key: 'orders', end: false },
  { to: '/admin/reviews', key: 'reviews', end: true },
  { to: '/admin/pricing', key: 'pricing', end: true },
  { to: '/admin/outbox', key: 'outbox', end: true },
] as const;

/**
 * The operator console's frame: the shop's quiet header, the console's places, and the
 * page. Only an operator sees it; anyone else sees the shop's "page not found", as the server
 * answers (docs/product.md Operators).
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const me = useAdminMe();
  if (me.isPending) return <PageFallback />;
  if (me.isError) {
    if (isNotFound(me.error)) return <NotFoundContent />;
    return <LoadFailed onRetry={() => void me.refetch()} />;
  }
  return (
    <FocusedShell
      width="wide"
      homeLabel={t('shell.homeLink')}
      title={t('shell.title')}
      actions={
        <div className="flex shrink-0 items-center justify-end gap-2">
          <AccountArea />
        </div>
      }
    >
      <nav aria-label={t('shell.nav')} className="-mt-2 mb-6">
        <ul className="flex flex-wrap gap-1 sm:gap-2">
          {LINKS.map((link) => (
            <li key={link.key}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-10 items-center rounded-full px-3 font-bold whitespace-nowrap transition-colors sm:px-4',
                    isActive ? 'bg-ink-900 text-cream-50' : 'text-ink-900 hover:bg-ink-900/5',
                  )
                }
              >
                {t(`shell.${link.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </FocusedShell>
  );
}
