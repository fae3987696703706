import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChildStep,
  CoverStep,
  DedicationStep,
  ToyGeneratedStep,
  ToyStep,
  WizardState,
} from '../../../../shared/contracts/wizard';
import { apiRequest } from '../../../lib/api-client';
import { type WizardStart, wizardStateQueryKey } from './wizard-state';

export type StepInput =
  | { step: 1; data: ChildStep }
  | { step: 2; data: CoverStep }
  | { step: 3; data: ToyStep }
  | { step: 4; data: ToyGeneratedStep }
  | { step: 5; data: DedicationStep };

/** Saves one step of the wizard; the server answers with the whole state. */
export function saveWizardStep({ step, data }: StepInput): Promise<WizardState> {
  return apiRequest<WizardState>(`/api/wizard/session/steps/${step}`, { method: 'PUT', json: data });
}

/** Saves a step and puts the server's new state in the cache the page reads. */
export function useSaveWizardStep(start: WizardStart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWizardStep,
    onSuccess: (state) => {
      // `restored` belongs to the first answer only: the welcome-back notice is not shown again.
      // `prefill` too, so it is kept from that answer (the sibling-version note stays on step 1).
      queryClient.setQueryData<WizardState>(wizardStateQueryKey(start), (previous) => ({
        ...state,
        restored: false,
        ...(previous?.prefill ? { prefill: previous.prefill } : {}),
      }));
    },
  });
}
