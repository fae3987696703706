import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import { cn } from '../../../components/ui/cn';

export type CheckoutStep = 1 | 2 | 3;
export const STEP_KEYS = { 1: 'cover', 2: 'details', 3: 'payment' } as const;

/** The progress bar and the three numbered steps with their names; the current one is marked. */
export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation('checkout');
  const total = LIMITS.checkoutSteps;
  const steps = [1, 2, 3] as const;
  return (
    <div className="mb-6 flex flex-col gap-4 sm:mb-8">
      <div
        role="progressbar"
        aria-label={t('shell.progress')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={t('shell.stepOfNamed', { step, total, name: t(`steps.${STEP_KEYS[step]}.label`) })}
        className="h-2 overflow-hidden rounded-full bg-ink-100"
      >
        <div
          className="h-full rounded-full bg-coral-600 transition-[width] duration-300"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-2">
        {steps.map((number) => {
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={number}
              aria-current={current ? 'step' : undefined}
              className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:justify-center sm:gap-3"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-9 shrink-0 items-center justify-center rounded-full border-2 text-sm font-extrabold transition-colors',
                  done && 'border-coral-600 bg-coral-600 text-white',
                  current && 'border-coral-600 bg-coral-100 text-coral-700',
                  !done && !current && 'border-ink-900/20 bg-cream-50 text-ink-700',
                )}
              >
                {done ? <Check className="size-5" /> : number}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'text-sm leading-tight sm:text-base',
                  current ? 'font-extrabold' : 'font-semibold text-ink-700',
                )}
              >
                {t(`steps.${STEP_KEYS[number]}.label`)}
              </span>
              <span className="sr-only">
                {t('shell.stepOfNamed', { step: number, total, name: t(`steps.${STEP_KEYS[number]}.label`) })}
                {done && ` (${t('shell.done')})`}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
