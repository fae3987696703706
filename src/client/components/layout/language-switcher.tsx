import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../shared/i18n';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { Flag } from '../ui/flag';
import { useLanguage } from './use-language';

function currentLanguageOf(code: string) {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0];
}

/** Desktop language menu: each language's flag and name, the current one checked. */
export function LanguageSwitcher() {
  const { t } = useTranslation('navigation');
  const { language, changeLanguage } = useLanguage();
  const current = currentLanguageOf(language);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('language.trigger', { language: current.name })}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        <Flag language={current.code} />
        <span lang={current.code}>{current.name}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-2xl border border-sand-300 bg-cream-50 p-1.5 shadow-soft motion-safe:animate-pop-in"
        >
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-bold tracking-wide text-ink-700 uppercase">
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value)) changeLanguage(value);
            }}
          >
            {LANGUAGES.map((option) => (
              <DropdownMenu.RadioItem
                key={option.code}
                value={option.code}
                lang={option.code}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 font-semibold outline-none select-none',
                  'data-[highlighted]:bg-coral-100 data-[state=checked]:text-coral-700',
                )}
              >
                <Flag language={option.code} />
                <span>{option.name}</span>
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
