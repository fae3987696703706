import { useTranslation } from 'react-i18next';
import { LANGUAGE_CODES, type Language } from '../../../../shared/domain/languages';
import { useLanguage } from '../../../components/layout/use-language';
import { SelectField } from '../../../components/ui/select-field';
import { NO_SECOND_LANGUAGE } from '../lib/drafts';

/**
 * The bilingual edition's choice (issue 32, docs/decisions/026-the-bilingual-edition.md): the book
 * is printed in the shop's language; the parent may add one of the other languages, told on every
 * page under the first. A native select: the phone's picker, type-ahead on a keyboard.
 */
export function SecondLanguageField({
  value,
  onChange,
}: {
  value: Language | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const { language } = useLanguage();
  const options = [
    { value: NO_SECOND_LANGUAGE, label: t('bilingual.none') },
    ...LANGUAGE_CODES.filter((code) => code !== language).map((code) => ({
      value: code,
      label: t(`bilingual.languages.${code}`),
    })),
  ];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-ink-700">
        {t('bilingual.bookLanguage', { language: t(`bilingual.languages.${language}`) })}
      </p>
      <SelectField
        label={t('bilingual.label')}
        name="second-language"
        value={value ?? NO_SECOND_LANGUAGE}
        onValueChange={onChange}
        options={options}
        hint={t('bilingual.hint')}
        className="sm:max-w-sm"
      />
    </div>
  );
}
