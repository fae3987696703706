import { useTranslation } from 'react-i18next';
import { parseProgressText } from '../../../lib/progress-text';

/** The pipeline's progress text, told in the reader's language. */
export function useProgressLine(raw: string | null): string {
  const { t } = useTranslation('profile');
  const progress = parseProgressText(raw);
  switch (progress.kind) {
    case 'setup':
      return t('books.progress.setup');
    case 'jobsCreated':
      return t('books.progress.jobsCreated', { count: progress.count });
    case 'intermediateComplete':
      return t('books.progress.intermediateComplete');
    case 'spreadsQueued':
      return t('books.progress.spreadsQueued', { count: progress.count });
    case 'generating':
      return t('books.progress.generating', { done: progress.done, total: progress.total });
    case 'allDone':
      return t('books.progress.allDone');
    case 'failed':
      return t('books.progress.failed');
    case 'processing':
      return t('books.progress.processing');
    case 'raw':
      return progress.text;
  }
}
