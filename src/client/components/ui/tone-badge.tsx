import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tone } from '../../../shared/domain/status-tones';
import { cn } from './cn';

const TONE_CLASSES: Record<Tone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  emerald: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  grey: 'bg-ink-100 text-ink-900 ring-ink-900/15',
};

/** A status pill in its colour; `label` is read before it by screen readers ("Order status: …"). */
export function ToneBadge({ tone, label, children }: { tone: Tone; label: string; children: ReactNode }) {
  // "Status:" / "Statut :": the colon is the language's, with French's no-break space.
  const { t } = useTranslation('common');
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-sm font-extrabold ring-1',
        TONE_CLASSES[tone],
      )}
    >
      <span className="sr-only">{t('labelled', { label })} </span>
      {children}
    </span>
  );
}
