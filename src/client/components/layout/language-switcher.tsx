import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/i18n';
import { cn } from '../ui/cn';
import { Flag } from '../ui/flag';
import { useMenuOnDemand } from '../ui/use-menu-on-demand';
import { LanguageTriggerFace, languageTriggerClass, useCurrentLanguage } from './language-trigger';
import { useLanguage } from './use-language';

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

/**
 * Both languages as toggle buttons in a fieldset, the current one pressed; a press changes (and
 * saves) the shop's language. The drawer and the text pages dress it their own way.
 */
export function LanguageToggle({
  legend,
  legendClassName,
  groupClassName,
  buttonClassName,
}: {
  legend: string;
  legendClassName: string;
  groupClassName: string;
  buttonClassName: (pressed: boolean) => string;
}) {
  const { language, changeLanguage } = useLanguage();
  return (
    <fieldset>
      <legend className={legendClassName}>{legend}</legend>
      <div className={groupClassName}>
        {LANGUAGES.map((option) => {
          const pressed = option.code === language;
          return (
            <button
              key={option.code}
              type="button"
              lang={option.code}
              aria-pressed={pressed}
              onClick={() => changeLanguage(option.code)}
              className={buttonClassName(pressed)}
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

/** Mobile drawer row: both languages as toggle buttons, the current one pressed. */
export function LanguageButtons() {
  const { t } = useTranslation('navigation');
  return (
    <LanguageToggle
      legend={t('language.label')}
      legendClassName="mb-3 font-display text-lg font-semibold"
      groupClassName="grid grid-cols-2 gap-2"
      buttonClassName={(pressed) =>
        cn(
          'flex h-12 items-center justify-center gap-2 rounded-2xl border-2 font-bold transition-colors',
          pressed
            ? 'border-ink-900 bg-ink-900 text-cream-50'
            : 'border-ink-900/15 bg-cream-50 text-ink-900 hover:border-ink-900/30',
        )
      }
    />
  );
}
