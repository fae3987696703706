import { Download, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { EXPORT_HREF } from '../lib/links';
import { DeleteAccountDialog } from './delete-account-dialog';
import { TabIntro } from './tab-parts';

const card = 'flex flex-col gap-3 rounded-3xl bg-cream-50 p-5 shadow-soft ring-1 sm:p-6';

/** Data Controls: a copy of everything, or the end of the account. */
export function DataControlsTab({ onLeft }: { onLeft: () => void }) {
  const { t } = useTranslation('profile');
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
          className={buttonClass({ variant: 'secondary', className: 'self-start' })}
        >
          <Download aria-hidden="true" className="size-5" />
          {t('data.export.action')}
        </a>
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
