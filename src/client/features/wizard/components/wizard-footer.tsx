import { ArrowLeft, ArrowRight, Check, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/constants';
import type { WizardStep } from '../../../../shared/domain/wizard';
import { Button } from '../../../components/ui/button';

type WizardFooterProps = {
  step: WizardStep;
  busy: boolean;
  /** What is happening while busy ('Saving…'). */
  busyLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  /**
   * The step's own main action in place of Next (a cover step: "Approve this cover"), so it is
   * always in sight; `disabled` while there is nothing to approve yet.
   */
  primary?: { label: string; disabled: boolean } | undefined;
};

/**
 * 'Step X of 5', the progress bar, Previous and Next (the last step's Next completes, a cover step's
 * approves the cover). Its height is --wizard-footer-height (styles.css): focused fields scroll
 * clear of it.
 */
export function WizardFooter({ step, busy, busyLabel, onPrevious, onNext, primary }: WizardFooterProps) {
  const { t } = useTranslation('wizard');
  const total = LIMITS.wizardSteps;
  const last = step === total;
  const stepOf = t('shell.stepOf', { step, total });
  const label = busy ? busyLabel : (primary?.label ?? (last ? t('shell.complete') : t('shell.next')));
  return (
    <nav
      aria-label={t('shell.navigation')}
      data-sticky-footer=""
      className="sticky bottom-0 z-30 border-t border-sand-300/70 bg-cream-50/95 backdrop-blur-md"
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-3 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <p className="shrink-0 text-sm font-bold text-ink-700">{stepOf}</p>
          <div
            role="progressbar"
            aria-label={t('shell.progress')}
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={step}
            aria-valuetext={stepOf}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-ink-100"
          >
            <div
              className="h-full rounded-full bg-coral-600 transition-[width] duration-300"
              style={{ width: `${(step / total) * 100}%` }}
            />
          </div>
        </div>
        <div className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={step === 1 || busy} onClick={onPrevious}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            {/* Only the arrow on a phone, so the last step's long Next label fits beside it. */}
            <span className="max-sm:sr-only">{t('shell.previous')}</span>
          </Button>
          <Button disabled={busy || primary?.disabled} onClick={onNext} className="min-w-0">
            {busy ? <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" /> : null}
            <span className="truncate">{label}</span>
            {!busy &&
              (last || primary ? (
                <Check aria-hidden="true" className="size-5" />
              ) : (
                <ArrowRight aria-hidden="true" className="size-5" />
              ))}
          </Button>
        </div>
      </div>
    </nav>
  );
}
