import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WizardState } from '../../../../shared/contracts/wizard';
import type { BookType } from '../../../../shared/domain/statuses';
import { apiRequest } from '../../../lib/api-client';

/**
 * What the wizard is started with: the theme and book type, and, for a signed-in user, the child of
 * an earlier book ("Reorder") or the order whose toy and dedication a sibling version keeps.
 */
export type WizardStart = {
  themeId: string;
  bookType: BookType;
  characterId?: string | undefined;
  cloneOrderId?: string | undefined;
  /** "Change the photo" of an unpaid book: everything else of it is kept. */
  fromBookId?: string | undefined;
};

export const wizardStateQueryKey = ({
  themeId,
  bookType,
  characterId,
  cloneOrderId,
  fromBookId,
}: WizardStart) =>
  [
    'wizard',
    'state',
    themeId,
    bookType,
    characterId ?? null,
    cloneOrderId ?? null,
    fromBookId ?? null,
  ] as const;

/**
 * Starts a wizard session for a theme and book type, or resumes the one in the cookie (or of the
 * signed-in user); `restored` says earlier progress was found. With a character or an order to
 * clone, the server always starts a new session and answers what it prefilled.
 */
export function startWizardSession({
  themeId,
  bookType,
  characterId,
  cloneOrderId,
  fromBookId,
}: WizardStart): Promise<WizardState> {
  return apiRequest<WizardState>('/api/wizard/session', {
    method: 'POST',
    json: {
      themeId,
      bookType,
      ...(characterId ? { characterId } : {}),
      ...(cloneOrderId ? { cloneOrderId } : {}),
      ...(fromBookId ? { fromBookId } : {}),
    },
  });
}

export const getWizardStateQueryOptions = (start: WizardStart) =>
  queryOptions({
    queryKey: wizardStateQueryKey(start),
    queryFn: () => startWizardSession(start),
    // The state changes only through this page's own saves, which write it into the cache.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useWizardState(start: WizardStart, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getWizardStateQueryOptions(start), enabled: options.enabled ?? true });
}
