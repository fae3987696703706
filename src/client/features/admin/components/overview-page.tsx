import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOverview } from '../../../../shared/contracts/admin';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatMoney } from '../../../lib/format';
import { useAdminOverview } from '../api/admin-api';
import { AdminShell } from './admin-shell';
import { LoadFailed } from './load-failed';

const QUEUES = [
  'failedJobs',
  'heldOrders',
  'awaitingReview',
  'rejectedPrintJobs',
  'overduePrintJobs',
  'stalePayments',
  'failedRefunds',
] as const satisfies readonly (keyof AdminOverview)[];

/** The queues the order list can show by a filter. */
const QUEUE_LINKS: Partial<Record<(typeof QUEUES)[number], string>> = {
  awaitingReview: '/admin/orders?review=waiting',
};

/** /admin: what waits for a person, and the day's and the week's orders. */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('meta.overview'));
  return (
    <AdminShell>
      <Overview />
    </AdminShell>
  );
}

function Overview() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const overview = useAdminOverview();
  if (overview.isPending) return <p className="py-10 text-center text-ink-700">{t('loading')}</p>;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const waiting = QUEUES.filter((queue) => data[queue] > 0);
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('overview.title')}</h1>
      <section aria-labelledby="queues" className="flex flex-col gap-3">
        <h2 id="queues" className="text-xl font-semibold">
          {t('overview.queues')}
        </h2>
        {waiting.length === 0 && <p className="text-ink-700">{t('overview.allClear')}</p>}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {QUEUES.map((queue) => {
            const link = QUEUE_LINKS[queue];
            const body = (
              <>
                <span>{t(`overview.${queue}`)}</span>
                <span
                  className="font-display text-2xl font-semibold tabular-nums"
                  data-testid={`queue-${queue}`}
                >
                  {data[queue]}
                </span>
              </>
            );
            const tile = cn(
              'flex items-center justify-between gap-4 rounded-2xl bg-white p-4 ring-1 ring-sand-300/70',
              data[queue] > 0 && 'ring-2 ring-coral-600',
            );
            return (
              <li key={queue}>
                {link && data[queue] > 0 ? (
                  <Link to={link} className={cn(tile, 'underline-offset-4 hover:underline')}>
                    {body}
                  </Link>
                ) : (
                  <div className={tile}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="figures" className="flex flex-col gap-3">
        <h2 id="figures" className="text-xl font-semibold">
          {t('overview.figures')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['today', 'week'] as const).map((period) => (
            <dl key={period} className="rounded-2xl bg-white p-4 ring-1 ring-sand-300/70">
              <h3 className="mb-2 font-bold">{t(`overview.${period}`)}</h3>
              <div className="flex justify-between gap-4 py-1">
                <dt>{t('overview.paidOrders')}</dt>
                <dd className="font-bold tabular-nums">{data[period].orders}</dd>
              </div>
              <div className="flex justify-between gap-4 py-1">
                <dt>{t('overview.revenue')}</dt>
                <dd className="font-bold tabular-nums">{formatMoney(data[period].revenue, language)}</dd>
              </div>
              <div className="flex justify-between gap-4 py-1">
                <dt>{t('overview.booksMade')}</dt>
                <dd className="font-bold tabular-nums">{data[period].booksMade}</dd>
              </div>
            </dl>
          ))}
        </div>
      </section>
      <Link to="/admin/orders" className={buttonClass({ className: 'self-start' })}>
        {t('overview.seeOrders')}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </div>
  );
}
