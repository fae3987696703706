import { ChevronDown } from 'lucide-react';
import { LANGUAGES, type Language } from '../../../shared/i18n';
import { buttonClass } from '../ui/button';
import { Flag } from '../ui/flag';
import { useLanguage } from './use-language';

// What the language button looks like, in its own file so the switcher and the menu it loads on
// first use share it without a circle.

export const languageTriggerClass = buttonClass({ variant: 'ghost', size: 'sm' });

/** The active language's entry in LANGUAGES, and a way to change it. */
export function useCurrentLanguage() {
  const { language, changeLanguage } = useLanguage();
  const current = LANGUAGES.find((option) => option.code === language) ?? LANGUAGES[0];
  return { current, changeLanguage };
}

/** What the language button shows: the current language's flag and name. */
export function LanguageTriggerFace({ current }: { current: { code: Language; name: string } }) {
  return (
    <>
      <Flag language={current.code} />
      <span lang={current.code}>{current.name}</span>
      <ChevronDown aria-hidden="true" className="size-4" />
    </>
  );
}
