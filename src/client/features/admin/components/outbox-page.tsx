import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/layout/use-document-title';
import { useLanguage } from '../../../components/layout/use-language';
import { formatDateTime } from '../../../lib/format';
import { useAdminOutbox } from '../api/admin-api';
import { AdminShell } from './admin-shell';
import { LoadFailed } from './load-failed';

/** /admin/outbox: the embedded mailer's e-mails, so a shop with no SMTP can still read them. */
export function OutboxPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('meta.outbox'));
  return (
    <AdminShell>
      <div className="flex flex-col gap-6">
        <h1 className="text-3xl font-semibold sm:text-4xl">{t('outbox.title')}</h1>
        <Messages />
      </div>
    </AdminShell>
  );
}

function Messages() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const outbox = useAdminOutbox();
  if (outbox.isPending) return <p className="py-10 text-center text-ink-700">{t('loading')}</p>;
  if (outbox.isError) return <LoadFailed onRetry={() => void outbox.refetch()} />;
  if (!outbox.data.enabled) return <p className="text-lg">{t('outbox.disabled')}</p>;
  return (
    <>
      <p className="text-ink-700">{t('outbox.lead')}</p>
      {outbox.data.messages.length === 0 && <p className="text-lg">{t('outbox.empty')}</p>}
      {outbox.data.total > outbox.data.messages.length && (
        <p className="font-semibold">
          {t('outbox.newest', { shown: outbox.data.messages.length, total: outbox.data.total })}
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {outbox.data.messages.map((message) => (
          <li key={message.id}>
            <article className="rounded-3xl bg-white p-4 ring-1 ring-sand-300/70 sm:p-6">
              <h2 className="text-lg font-semibold break-words">{message.subject}</h2>
              <p className="text-sm break-all text-ink-700">
                {t('outbox.to', { to: message.to })} ·{' '}
                {t('outbox.sent', { date: formatDateTime(message.sentAt, language) })}
              </p>
              <pre className="mt-3 font-sans text-sm break-words whitespace-pre-wrap">{message.text}</pre>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
