import { useId } from 'react';
import type { Language } from '../../../shared/i18n';
import { cn } from './cn';

/** The three-band flags: bands across (Germany) or side by side (Italy, France). */
const BANDS: Partial<Record<Language, { across: boolean; colours: readonly [string, string, string] }>> = {
  de: { across: true, colours: ['#000', '#DD0000', '#FFCE00'] },
  it: { across: false, colours: ['#009246', '#fff', '#CE2B37'] },
  fr: { across: false, colours: ['#002654', '#fff', '#ED2939'] },
};

// Drawn flags rather than emoji: Windows and many Linux desktops show emoji flags as two letters.
export function Flag({ language, className }: { language: Language; className?: string }) {
  const id = useId();
  const shape = cn('h-[15px] w-[22px] shrink-0 rounded-[3px] ring-1 ring-ink-900/15', className);
  const bands = BANDS[language];
  if (bands) {
    return (
      <svg
        viewBox={bands.across ? '0 0 5 3' : '0 0 3 2'}
        className={shape}
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        {bands.colours.map((fill, index) =>
          bands.across ? (
            <rect key={fill} y={index || undefined} width="5" height="1" fill={fill} />
          ) : (
            <rect key={fill} x={index || undefined} width="1" height="2" fill={fill} />
          ),
        )}
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 60 30" className={shape} aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <clipPath id={`${id}-diag`}>
        <path d="M30 15h30v15zv15H0zH0V0zV0h30z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0 0l60 30m0-30L0 30" stroke="#fff" strokeWidth="6" />
      <path d="M0 0l60 30m0-30L0 30" clipPath={`url(#${id}-diag)`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30 0v30M0 15h60" stroke="#fff" strokeWidth="10" />
      <path d="M30 0v30M0 15h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}
