import { Download, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { EXPORT_HREF } from '../lib/links';
import { DeleteAccountDialog } from './delete-account-dialog';
import { TabIntro } from './tab-parts';

const EXPORT_REST_MS = 10_000;
const card = 'flex flex-col gap-3 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 sm:p-6';

/** Data Controls: a copy of everything, or the end of the account. */
export function DataControlsTab({ onLeft }: { onLeft: () => void }) {
  const { t } = useTranslation('profile');
  // The browser takes the download over; a second click meanwhile would only be refused (one export
  // per account at a time), so the button rests a few seconds and says what is happening.
  const [preparing, setPreparing] = useState(false);
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => setPreparing(false), EXPORT_REST_MS);
    return () => clearTimeout(timer);
  }, [preparing]);
  return (
    <div className="flex flex-col gap-5">
      <TabIntro title={t('data.title')} lead={t('data.lead')} />
      <section aria-labelledby="data-export-title" className={`${card} ring-sand-300/70`}>
        <h3 id="data-export-title" className="text-xl font-semibold">
          {t('data.export.title')}
        </h3>
        <p className="text-ink-700">{t('data.export.text')}</p>
        <a
          href={EXPORT_HREF}
          download
          aria-disabled={preparing || undefined}
          onClick={(event) => {
            if (preparing) event.preventDefault();
            else setPreparing(true);
          }}
          className={buttonClass({
            variant: 'secondary',
            className: `self-start ${preparing ? 'cursor-progress opacity-70' : ''}`,
          })}
        >
          <Download aria-hidden="true" className="size-5" />
          {t('data.export.action')}
        </a>
        <p role="status" className="min-h-6 text-sm text-ink-700">
          {preparing ? t('data.export.preparing') : ''}
        </p>
      </section>
      <section aria-labelledby="data-delete-title" className={`${card} ring-red-200`}>
        <h3 id="data-delete-title" className="flex items-center gap-2 text-xl font-semibold text-red-800">
          <ShieldAlert aria-hidden="true" className="size-5" />
          {t('data.delete.title')}
        </h3>
        <p className="text-ink-700">{t('data.delete.text')}</p>
        <div>
          <DeleteAccountDialog onLeft={onLeft} />
        </div>
      </section>
    </div>
  );
}
