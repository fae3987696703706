import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../shared/i18n';
import { cn } from '../ui/cn';
import { Flag } from '../ui/flag';
import { type OpenedWith, useFocusFirstItemOnce } from '../ui/use-menu-on-demand';
import { LanguageTriggerFace, languageTriggerClass, useCurrentLanguage } from './language-trigger';

/** The Radix language menu, loaded on first use and mounted open (see LanguageSwitcher). */
export default function LanguageMenu({ openedWith }: { openedWith: OpenedWith }) {
  const { t } = useTranslation('navigation');
  const { current, changeLanguage } = useCurrentLanguage();
  const onContentFocus = useFocusFirstItemOnce(openedWith);
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        aria-label={t('language.trigger', { language: current.name })}
        className={languageTriggerClass}
      >
        <LanguageTriggerFace current={current} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          onFocus={onContentFocus}
          className="z-50 min-w-48 rounded-2xl border border-sand-300 bg-cream-50 p-1.5 shadow-soft motion-safe:animate-pop-in"
        >
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-bold tracking-wide text-ink-700 uppercase">
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={current.code}
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
