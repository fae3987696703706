import { Send } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

type TierCardProps = {
  name: string;
  /** The commission, already formatted: "15%". */
  rate: string;
  rateLabel: string;
  range: string;
  blurb: string;
  applyLabel: string;
  applyHref: string;
  tone: 'cream' | 'lavender' | 'honey';
};

const tones: Record<TierCardProps['tone'], string> = {
  cream: 'bg-cream-50',
  lavender: 'bg-lavender-100',
  honey: 'bg-cream-300',
};

/** One commission tier of the affiliate programme, with its own way to apply. */
export function TierCard({
  name,
  rate,
  rateLabel,
  range,
  blurb,
  applyLabel,
  applyHref,
  tone,
}: TierCardProps) {
  return (
    <li
      className={cn('flex flex-col rounded-3xl border border-sand-300 p-6 shadow-soft sm:p-7', tones[tone])}
    >
      <h3 className="text-2xl font-semibold text-ink-900">{name}</h3>
      <p className="mt-1 font-semibold text-ink-700">{range}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-display text-6xl leading-none font-semibold text-coral-700">{rate}</span>
        <span className="font-bold text-ink-700">{rateLabel}</span>
      </p>
      <p className="mt-5 mb-7 text-ink-900">{blurb}</p>
      <a href={applyHref} className={buttonClass({ className: 'mt-auto w-full' })}>
        <Send aria-hidden="true" className="size-4" />
        {applyLabel}
      </a>
    </li>
  );
}
