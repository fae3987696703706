import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AdminOrderRow } from '../../../../shared/contracts/admin';
import { COUNTRIES } from '../../../../shared/domain/shipping';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../../../shared/domain/statuses';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { countryName, formatDateTime, formatMoney } from '../../../lib/format';
import { type OrderFilters, useAdminOrders } from '../api/admin-api';
import { AdminShell } from './admin-shell';
import { HeldBadge, OrderBadge, PaymentBadge } from './badges';
import { LoadFailed } from './load-failed';

const FILTER_KEYS = ['q', 'status', 'paymentStatus', 'country', 'review', 'from', 'to'] as const;

/** The filters in the address, so a search can be shared, reloaded and gone back to. */
function readFilters(params: URLSearchParams): OrderFilters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as OrderFilters;
}

/** /admin/orders: search and filter the orders, newest first, a page at a time. */
export function OrdersPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('meta.orders'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  return (
    <AdminShell>
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-semibold sm:text-4xl">{t('orders.title')}</h1>
        <Filters
          key={params.toString()}
          initial={filters}
          onApply={(next) =>
            setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== '')))
          }
        />
        <Results filters={filters} />
      </div>
    </AdminShell>
  );
}

function Filters({ initial, onApply }: { initial: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const { t } = useTranslation(['admin', 'profile']);
  const { language } = useLanguage();
  const [draft, setDraft] = useState(initial);
  const set = (key: keyof OrderFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const any = { value: '', label: t('admin:orders.any') };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, q: draft.q.trim() });
  };
  return (
    <form
      aria-label={t('admin:orders.search')}
      onSubmit={submit}
      className="grid gap-4 rounded-3xl bg-white p-4 ring-1 ring-sand-300/70 sm:grid-cols-2 sm:p-6 lg:grid-cols-3"
    >
      <TextField
        className="sm:col-span-2 lg:col-span-3"
        label={t('admin:orders.search')}
        hint={t('admin:orders.searchHint')}
        type="search"
        value={draft.q}
        onValueChange={set('q')}
        maxLength={254}
      />
      <SelectField
        label={t('admin:orders.status')}
        value={draft.status}
        onValueChange={set('status')}
        options={[
          any,
          ...ORDER_STATUSES.map((status) => ({
            value: status,
            label: t(`profile:orders.statuses.${status}`),
          })),
        ]}
      />
      <SelectField
        label={t('admin:orders.paymentStatus')}
        value={draft.paymentStatus}
        onValueChange={set('paymentStatus')}
        options={[
          any,
          ...PAYMENT_STATUSES.map((status) => ({
            value: status,
            label: t(`admin:paymentStatuses.${status}`),
          })),
        ]}
      />
      <SelectField
        label={t('admin:orders.country')}
        value={draft.country}
        onValueChange={set('country')}
        options={[any, ...COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) }))]}
      />
      <SelectField
        label={t('admin:orders.review')}
        value={draft.review}
        onValueChange={set('review')}
        options={[any, { value: 'waiting', label: t('admin:orders.reviewWaiting') }]}
      />
      <TextField label={t('admin:orders.from')} type="date" value={draft.from} onValueChange={set('from')} />
      <TextField label={t('admin:orders.to')} type="date" value={draft.to} onValueChange={set('to')} />
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-2 lg:justify-end">
        <Button type="submit" className="flex-1 lg:flex-none">
          <Search aria-hidden="true" className="size-5" />
          {t('admin:orders.apply')}
        </Button>
        <Button
          variant="ghost"
          onClick={() =>
            onApply({ q: '', status: '', paymentStatus: '', country: '', review: '', from: '', to: '' })
          }
        >
          {t('admin:orders.clear')}
        </Button>
      </div>
    </form>
  );
}

function Results({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation('admin');
  const list = useAdminOrders(filters);
  if (list.isPending) return <p className="py-10 text-center text-ink-700">{t('loading')}</p>;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const orders = list.data.pages.flatMap((page) => page.orders);
  if (orders.length === 0)
    return <p className="py-10 text-center text-lg text-ink-700">{t('orders.empty')}</p>;
  return (
    <section aria-label={t('orders.title')} className="flex flex-col gap-4">
      <p aria-live="polite" className="text-sm text-ink-700">
        {t('orders.count', { count: orders.length })}
      </p>
      <OrderTable orders={orders} />
      <OrderCards orders={orders} />
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('loading') : t('orders.more')}
        </Button>
      )}
    </section>
  );
}

/** From a tablet up: one row per order; the order number is the link. */
function OrderTable({ orders }: { orders: AdminOrderRow[] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  return (
    <div className="hidden overflow-x-auto rounded-3xl bg-white ring-1 ring-sand-300/70 md:block">
      <table className="w-full text-left">
        <thead className="border-b border-sand-300/70 text-sm text-ink-700">
          <tr>
            {(['order', 'customer', 'status', 'payment', 'total', 'date'] as const).map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-bold">
                {t(`orders.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-sand-300/40 last:border-0 hover:bg-cream-100">
              <td className="px-4 py-3">
                <Link to={`/admin/orders/${order.id}`} className="font-bold underline underline-offset-4">
                  {order.orderNumber}
                </Link>
              </td>
              <td className="px-4 py-3">
                <span className="block font-semibold">{order.name}</span>
                <span className="block text-sm break-all text-ink-700">{order.email}</span>
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-1.5">
                  <OrderBadge status={order.status} />
                  {order.held && <HeldBadge />}
                </span>
              </td>
              <td className="px-4 py-3">
                <PaymentBadge status={order.paymentStatus} />
              </td>
              <td className="px-4 py-3 tabular-nums">{formatMoney(order.total, language)}</td>
              <td className="px-4 py-3 text-sm whitespace-nowrap">
                {formatDateTime(order.createdAt, language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: one card per order, everything the row shows, stacked. */
function OrderCards({ orders }: { orders: AdminOrderRow[] }) {
  const { language } = useLanguage();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {orders.map((order) => (
        <li key={order.id} className="rounded-2xl bg-white p-4 ring-1 ring-sand-300/70">
          <div className="flex items-baseline justify-between gap-3">
            <Link to={`/admin/orders/${order.id}`} className="font-bold underline underline-offset-4">
              {order.orderNumber}
            </Link>
            <span className="tabular-nums">{formatMoney(order.total, language)}</span>
          </div>
          <p className="mt-1 font-semibold">{order.name}</p>
          <p className="text-sm break-all text-ink-700">{order.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <OrderBadge status={order.status} />
            <PaymentBadge status={order.paymentStatus} />
            {order.held && <HeldBadge />}
          </div>
          <p className="mt-2 text-sm text-ink-700">
            {formatDateTime(order.createdAt, language)}
            {order.country ? ` · ${countryName(order.country, language)}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
