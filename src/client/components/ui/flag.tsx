import { useId } from 'react';
import type { Language } from '../../../shared/i18n';
import { cn } from './cn';

// Drawn flags rather than emoji: Windows and many Linux desktops show emoji flags as two letters.
export function Flag({ language, className }: { language: Language; className?: string }) {
  const id = useId();
  const shape = cn('h-[15px] w-[22px] shrink-0 rounded-[3px] ring-1 ring-ink-900/15', className);
  if (language === 'de') {
    return (
      <svg viewBox="0 0 5 3" className={shape} aria-hidden="true" preserveAspectRatio="none">
        <rect width="5" height="1" fill="#000" />
        <rect y="1" width="5" height="1" fill="#DD0000" />
        <rect y="2" width="5" height="1" fill="#FFCE00" />
      </svg>
    );
  }
  if (language === 'it') {
    return (
      <svg viewBox="0 0 3 2" className={shape} aria-hidden="true" preserveAspectRatio="none">
        <rect width="1" height="2" fill="#009246" />
        <rect x="1" width="1" height="2" fill="#fff" />
        <rect x="2" width="1" height="2" fill="#CE2B37" />
      </svg>
    );
  }
  if (language === 'fr') {
    return (
      <svg viewBox="0 0 3 2" className={shape} aria-hidden="true" preserveAspectRatio="none">
        <rect width="1" height="2" fill="#002654" />
        <rect x="1" width="1" height="2" fill="#fff" />
        <rect x="2" width="1" height="2" fill="#ED2939" />
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
