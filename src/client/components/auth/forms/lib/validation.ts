import { useTranslation } from 'react-i18next';
import type { AuthProblem } from '../../../../../shared/contracts/auth-forms';

/**
 * The text of a field's problem: the shared schemas (shared/contracts/auth-forms.ts) name each
 * problem by its key in the `auth` namespace's `validation` texts.
 */
export function useProblemText(): (message: unknown) => string | undefined {
  const { t } = useTranslation('auth');
  return (message) => (typeof message === 'string' ? t(`validation.${message as AuthProblem}`) : undefined);
}
