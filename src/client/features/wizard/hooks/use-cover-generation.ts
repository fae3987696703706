import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useLanguage } from '../../../components/layout/use-language';
import { type CoverKind, generateCover } from '../api/generate-cover';
import { describeGenerationError } from '../lib/generation-error';

/**
 * Makes the hero or toy cover in the shop's language, with the toast docs/spec.md section 8 asks for when
 * it fails: what is wrong with a refused photo, 'generation failed' otherwise.
 */
export function useCoverGeneration(kind: CoverKind) {
  const { t } = useTranslation('wizard');
  const { language } = useLanguage();
  const mutation = useMutation({
    mutationFn: () => generateCover({ kind, language }),
    onError: (error) => {
      const problem = describeGenerationError(error);
      // The toast says it briefly; the screen says it in full, with what to do.
      if (problem.message === 'noPerson' || problem.message === 'noToy')
        toast.error(t(`toasts.${problem.message}`));
      else toast.error(t('toasts.generationFailed'));
    },
  });
  return mutation;
}
