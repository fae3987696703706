import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../components/layout/use-language';
import { cn } from '../../../components/ui/cn';
import { formatMoney } from '../../../lib/format';
import { useFromPrice } from '../../../lib/prices';

const AMOUNT = '\u0000';

/**
 * "From CHF 29.99": the lowest active book price from the API. A placeholder of the same height
 * while it loads, and nothing at all if it cannot be loaded: never a made-up number.
 */
export function FromPrice({ className }: { className?: string }) {
  const { t } = useTranslation('themes');
  const { language } = useLanguage();
  const { cents, isPending } = useFromPrice();
  if (isPending) {
    return (
      <p className={cn('flex h-8 items-center', className)}>
        <span aria-hidden="true" className="h-6 w-36 rounded-full bg-ink-900/10 motion-safe:animate-pulse" />
        <span className="sr-only">{t('card.priceLoading')}</span>
      </p>
    );
  }
  if (cents === undefined) return null;
  // The amount goes where the translation puts it, set larger than the words around it.
  const [before, after] = t('card.from', { price: AMOUNT }).split(AMOUNT);
  return (
    <p className={cn('flex h-8 items-baseline gap-1 whitespace-nowrap text-ink-700', className)}>
      {before}
      <span className="font-display text-2xl font-semibold text-ink-900">{formatMoney(cents, language)}</span>
      {after}
    </p>
  );
}
