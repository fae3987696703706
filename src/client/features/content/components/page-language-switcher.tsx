import { LANGUAGES } from '../../../../shared/i18n';
import { useLanguage } from '../../../components/layout/use-language';
import { cn } from '../../../components/ui/cn';
import { Flag } from '../../../components/ui/flag';

/** Both languages as buttons, the current one pressed; changes (and saves) the shop's language. */
export function PageLanguageSwitcher({ label }: { label: string }) {
  const { language, changeLanguage } = useLanguage();
  return (
    <fieldset>
      {/* Floated, the legend sits on the line beside the buttons instead of in the fieldset's border. */}
      <legend className="float-left mt-3.5 mr-3 text-sm font-bold text-ink-700">{label}</legend>
      <div className="inline-flex gap-1 rounded-full border-2 border-ink-900/15 bg-cream-50 p-1">
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
                'inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-bold transition-colors',
                pressed ? 'bg-ink-900 text-cream-50' : 'text-ink-900 hover:bg-ink-900/5',
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
