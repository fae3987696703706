import { FlaskConical, History, Loader2, ShieldOff, ShoppingCart } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BOOK_INSTANCE_STATUSES, type BookInstanceStatus } from '../../../../shared/domain/statuses';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { statusOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useBookInstanceLookup } from '../api/get-book-instance-lookup';
import { useDevToolsStatus } from '../api/get-dev-tools-status';
import { type RecentBookInstances, useRecentBookInstances } from '../api/get-recent-book-instances';

const isBookInstanceStatus = (value: string): value is BookInstanceStatus =>
  (BOOK_INSTANCE_STATUSES as readonly string[]).includes(value);

/**
 * /checkout-test (a demo shop only): open the checkout of any book instance by its id, or of one of
 * the five newest. Open to anyone; the checkout itself still asks for the owner's sign-in.
 */
export function CheckoutTestPage() {
  const { t } = useTranslation('checkout');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const lookup = useBookInstanceLookup();
  const recent = useRecentBookInstances();
  const devTools = useDevToolsStatus();
  const [bookInstanceId, setBookInstanceId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [instances, setInstances] = useState<RecentBookInstances['instances'] | undefined>();
  useDocumentTitle(t('test.metaTitle'));

  const testCheckout = (event: FormEvent) => {
    event.preventDefault();
    const id = bookInstanceId.trim();
    if (id === '') {
      setError(t('test.empty'));
      toast.error(t('test.empty'), { id: 'checkout-test' });
      return;
    }
    setError(undefined);
    lookup.mutate(id, {
      onSuccess: (instance) => void navigate(`/checkout/${encodeURIComponent(instance.id)}`),
      onError: (failure) => {
        const status = statusOf(failure);
        const notFound = status === 404 || status === 400;
        if (notFound) setError(t('test.notFound'));
        toast.error(notFound ? t('test.notFound') : t('test.loadFailed'), { id: 'checkout-test' });
      },
    });
  };

  const loadRecent = () =>
    recent.mutate(undefined, {
      onSuccess: ({ instances: list }) => {
        setInstances(list);
        const newest = list[0];
        if (!newest) {
          toast.info(t('test.none'), { id: 'checkout-test' });
          return;
        }
        setBookInstanceId(newest.id);
        setError(undefined);
      },
      onError: () => toast.error(t('test.listFailed'), { id: 'checkout-test' }),
    });

  // A production shop does not answer the lookups: say so instead of a form that cannot work.
  if (devTools.isError && statusOf(devTools.error) === 404) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-12 text-center sm:px-6">
        <ShieldOff aria-hidden="true" className="size-12 text-coral-600" />
        <h1 className="mt-4 text-3xl font-semibold text-balance">{t('test.off.title')}</h1>
        <p className="mt-3 max-w-md text-ink-700 sm:text-lg">{t('test.off.text')}</p>
        <Link to="/" className={buttonClass({ size: 'lg', className: 'mt-6' })}>
          {t('test.off.home')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <p className="inline-flex items-center gap-2 rounded-full bg-lavender-100 px-3 py-1 text-sm font-bold">
          <FlaskConical aria-hidden="true" className="size-4" />
          {t('test.badge')}
        </p>
        <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">{t('test.heading')}</h1>
        <p className="mt-2 text-ink-700 sm:text-lg">{t('test.lead')}</p>
      </div>
      <form
        noValidate
        onSubmit={testCheckout}
        className="flex flex-col gap-4 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 ring-sand-300/70 sm:p-6"
      >
        <TextField
          label={t('test.idLabel')}
          name="book-instance-id"
          autoComplete="off"
          spellCheck={false}
          value={bookInstanceId}
          onValueChange={(value) => {
            setBookInstanceId(value);
            setError(undefined);
          }}
          error={error}
          className="[&_input]:font-mono [&_input]:text-sm"
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={lookup.isPending}>
            {lookup.isPending ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <ShoppingCart aria-hidden="true" className="size-5" />
            )}
            {t('test.test')}
          </Button>
          <Button variant="secondary" onClick={loadRecent} disabled={recent.isPending}>
            {recent.isPending ? (
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
            ) : (
              <History aria-hidden="true" className="size-5" />
            )}
            {t('test.loadRecent')}
          </Button>
        </div>
      </form>
      {instances && instances.length > 0 && (
        <section aria-labelledby="recent-instances-title">
          <h2 id="recent-instances-title" className="text-xl font-semibold">
            {t('test.recentTitle')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {instances.map((instance) => (
              <li key={instance.id}>
                <button
                  type="button"
                  onClick={() => {
                    setBookInstanceId(instance.id);
                    setError(undefined);
                  }}
                  className={cn(
                    'flex w-full flex-col gap-1 rounded-2xl border-2 bg-white p-3 text-left transition-colors sm:flex-row sm:items-center sm:justify-between',
                    instance.id === bookInstanceId.trim()
                      ? 'border-coral-600 bg-coral-100'
                      : 'border-ink-900/15 hover:border-ink-900/35',
                  )}
                >
                  <span className="min-w-0 font-mono text-sm break-all">{instance.id}</span>
                  <span className="flex shrink-0 items-center gap-2 text-sm">
                    <span className="rounded-full bg-ink-100 px-2.5 py-0.5 font-bold">
                      {isBookInstanceStatus(instance.status)
                        ? t(`test.statuses.${instance.status}`)
                        : instance.status}
                    </span>
                    <span className="text-ink-700">{formatDate(instance.createdAt, language)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
