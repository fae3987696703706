import { useTranslation } from 'react-i18next';

/** The shared catalogue's translated text for a code the API answered with, else `fallback`. */
export function useErrorMessage(): (code: string | undefined, fallback: string) => string {
  const { t, i18n } = useTranslation('errors');
  return (code, fallback) =>
    code && i18n.exists(`codes.${code}`, { ns: 'errors' })
      ? t(`codes.${code}` as 'codes.BOOK_NOT_APPROVED')
      : fallback;
}
