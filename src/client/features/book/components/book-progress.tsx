import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BookPreview } from '../../../../shared/contracts/book-preview';
import { useLanguage } from '../../../components/layout/use-language';
import { formatPercent } from '../../../lib/format';
import { parseProgressText } from '../../../lib/progress-text';

/** docs/spec.md's progress text in the reader's language. */
function useProgressLine(raw: string | null): string {
  const { t } = useTranslation('book');
  const progress = parseProgressText(raw);
  switch (progress.kind) {
    case 'jobsCreated':
    case 'spreadsQueued':
      return t(`progress.steps.${progress.kind}`, { count: progress.count });
    case 'generating':
      return t('progress.steps.generating', { done: progress.done, total: progress.total });
    case 'raw':
      return progress.text;
    default:
      return t(`progress.steps.${progress.kind}`);
  }
}

/** While the pages are drawn: what is happening, how far it is, and that the page can be left. */
export function BookProgress({ book }: { book: BookPreview }) {
  const { t } = useTranslation('book');
  const { language } = useLanguage();
  const percent = Math.min(100, Math.max(0, book.progress.percentage));
  const line = useProgressLine(book.progress.step);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5 py-6 text-center sm:py-12">
      <Loader2 aria-hidden="true" className="mx-auto size-10 text-coral-600 motion-safe:animate-spin" />
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('progress.heading')}</h1>
      <p className="text-ink-700 sm:text-lg">{t('progress.lead', { title: book.title })}</p>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t('progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${formatPercent(percent, language)} · ${line}`}
          className="h-4 flex-1 overflow-hidden rounded-full bg-ink-900/10"
        >
          <div
            className="h-full rounded-full bg-coral-600 transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="w-14 text-right font-bold tabular-nums">{formatPercent(percent, language)}</span>
      </div>
      <p aria-live="polite" className="font-semibold" data-testid="progress-text">
        {line}
      </p>
      <p className="text-sm text-ink-700">{t('progress.leave')}</p>
    </section>
  );
}
