import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CompletedWizardSchema } from '../../../../shared/contracts/wizard';
import type { Language } from '../../../../shared/i18n';
import { apiRequest } from '../../../lib/api-client';

export type CompletedWizard = z.infer<typeof CompletedWizardSchema>;

/**
 * Turns the finished wizard into a draft book of the signed-in user (UNAUTHENTICATED otherwise), in
 * the shop's language. Asking twice gives the same book.
 */
export function completeWizard({ language }: { language: Language }): Promise<CompletedWizard> {
  return apiRequest<CompletedWizard>('/api/wizard/complete', { method: 'POST', json: { language } });
}

export function useCompleteWizard() {
  return useMutation({ mutationFn: completeWizard });
}
