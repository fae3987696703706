import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const badgeClass =
  'inline-flex items-center gap-1.5 rounded-full bg-lavender-100 px-3 py-1 text-sm font-bold text-ink-900';

export function AgeBadge({ ageMin, ageMax }: { ageMin: number; ageMax: number }) {
  const { t } = useTranslation('themes');
  return (
    <span className={badgeClass}>
      <Sparkles aria-hidden="true" className="size-4 text-coral-600" />
      {t('card.ages', { min: ageMin, max: ageMax })}
    </span>
  );
}
