import { ChevronDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { Flag } from '../ui/flag';
import { useMenuOnDemand } from '../ui/use-menu-on-demand';
import { useLanguage } from './use-language';

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

// Radix's menu (and its positioning engine) is not needed to paint the page: it loads on first use.
const loadLanguageMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadLanguageMenu);

/** Desktop language menu: each language's flag and name, the current one checked. */
export function LanguageSwitcher() {
  const { t } = useTranslation('navigation');
  const { current } = useCurrentLanguage();
  const { openedWith, triggerProps } = useMenuOnDemand(loadLanguageMenu);
  const standIn = (
    <button
      type="button"
      aria-label={t('language.trigger', { language: current.name })}
      className={languageTriggerClass}
      {...triggerProps}
    >
      <LanguageTriggerFace current={current} />
    </button>
  );
  if (!openedWith) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageMenu openedWith={openedWith} />
    </Suspense>
  );
}

/** Mobile drawer row: both languages as toggle buttons, the current one pressed. */
export function LanguageButtons() {
  const { t } = useTranslation('navigation');
  const { language, changeLanguage } = useLanguage();
  return (
    <fieldset>
      <legend className="mb-3 font-display text-lg font-semibold">{t('language.label')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {LANGUAGES.map((option) => {
          const pressed = option.code === language;
          return (
            <button
              key={option.code}
              type="button"
              lang={option.code}
              aria-pressed={pressed}
              onClick={() => changeLanguage(option.code)}
              className={cn(
                'flex h-12 items-center justify-center gap-2 rounded-2xl border-2 font-bold transition-colors',
                pressed
                  ? 'border-ink-900 bg-ink-900 text-cream-50'
                  : 'border-ink-900/15 bg-cream-50 text-ink-900 hover:border-ink-900/30',
              )}
            >
              <Flag language={option.code} />
              {option.name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
