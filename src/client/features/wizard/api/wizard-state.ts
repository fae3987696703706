import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WizardState } from '../../../../shared/contracts/wizard';
import type { BookType } from '../../../../shared/domain/statuses';
import { wizardRequest } from './wizard-request';

export const wizardStateQueryKey = (themeId: string, bookType: BookType) =>
  ['wizard', 'state', themeId, bookType] as const;

/**
 * Starts a wizard session for a theme and book type, or resumes the one in the cookie (or of the
 * signed-in user); `restored` says earlier progress was found.
 */
export function startWizardSession(themeId: string, bookType: BookType): Promise<WizardState> {
  return wizardRequest<WizardState>('/session', { method: 'POST', json: { themeId, bookType } });
}

export const getWizardStateQueryOptions = (themeId: string, bookType: BookType) =>
  queryOptions({
    queryKey: wizardStateQueryKey(themeId, bookType),
    queryFn: () => startWizardSession(themeId, bookType),
    // The state changes only through this page's own saves, which write it into the cache.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useWizardState(themeId: string, bookType: BookType) {
  return useQuery(getWizardStateQueryOptions(themeId, bookType));
}
