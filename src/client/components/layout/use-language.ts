import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/i18n';
import { getLanguage } from '../../i18n';

/** The active language and a way to change it (the detector saves the choice in localStorage). */
export function useLanguage(): { language: Language; changeLanguage: (language: Language) => void } {
  const { i18n } = useTranslation();
  return {
    language: getLanguage(i18n),
    changeLanguage: (language) => {
      void i18n.changeLanguage(language);
    },
  };
}
