import { BadgePercent, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalisePromoCode, type PromoError } from '../../../../shared/domain/promo';
import { TextField } from '../../../components/auth/forms/form-parts';
import { useLanguage } from '../../../components/layout/use-language';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';

type PromoCodeFieldProps = {
  /** The code the saved order holds, and what it took off; null without one. */
  applied: { code: string; discount: number } | null;
  busy: boolean;
  /** Why the server refused the last code tried. */
  problem: PromoError | undefined;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** Step 3: a promo code, applied by saving the order with it; the server checks it and prices it. */
export function PromoCodeField({ applied, busy, problem, onApply, onRemove }: PromoCodeFieldProps) {
  const { t } = useTranslation(['checkout', 'errors']);
  const { language } = useLanguage();
  const [typed, setTyped] = useState('');

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-green-100 p-4">
        <p role="status" className="flex items-start gap-2 font-semibold text-green-900">
          <BadgePercent aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('payment.promo.applied', {
            code: applied.code,
            amount: formatMoney(applied.discount, language),
          })}
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy}>
          {t('payment.promo.remove')}
        </Button>
      </div>
    );
  }
  const apply = () => {
    const code = normalisePromoCode(typed);
    if (code) onApply(code);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <TextField
          label={t('payment.promo.label')}
          name="promo-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={typed}
          onValueChange={setTyped}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          hint={problem ? undefined : t('payment.promo.hint')}
          error={problem ? t(`errors:codes.${problem}`) : undefined}
          className="min-w-0 flex-1"
        />
        <Button
          variant="secondary"
          onClick={apply}
          disabled={busy || normalisePromoCode(typed) === ''}
          // Level with the input, under the label.
          className="mt-[1.875rem] h-12 shrink-0"
        >
          {busy ? <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" /> : null}
          {busy ? t('payment.promo.applying') : t('payment.promo.apply')}
        </Button>
      </div>
    </div>
  );
}
