import { LanguageToggle } from '../../../components/layout/language-switcher';
import { cn } from '../../../components/ui/cn';

/** Both languages as buttons, the current one pressed; changes (and saves) the shop's language. */
export function PageLanguageSwitcher({ label }: { label: string }) {
  return (
    <LanguageToggle
      legend={label}
      // Floated, the legend sits on the line beside the buttons instead of in the fieldset's border.
      legendClassName="float-left mt-3.5 mr-3 text-sm font-bold text-ink-700"
      groupClassName="inline-flex gap-1 rounded-full border-2 border-ink-900/15 bg-cream-50 p-1"
      buttonClassName={(pressed) =>
        cn(
          'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-bold transition-colors',
          pressed ? 'bg-ink-900 text-cream-50' : 'text-ink-900 hover:bg-ink-900/5',
        )
      }
    />
  );
}
