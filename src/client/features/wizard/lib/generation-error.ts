import { actionForError, type ErrorAction, isServiceUnavailable } from '../../../../shared/domain/errors';
import { codeOf } from '../../../lib/api-client';

export type GenerationProblem = {
  action: ErrorAction;
  /** The key of the text under `generation.` that says what happened. */
  message: 'noPerson' | 'noToy' | 'failed' | 'limitReached' | 'startOverText' | 'technical' | 'unexpected';
  /** The photo was refused: not a person, not a plush toy. */
  invalidImage: boolean;
  serviceUnavailable: boolean;
};

/**
 * What the generation screen shows for a failed cover: the action of the shared error catalogue
 * (an unknown code means retry) and which text says it.
 */
export function describeGenerationError(error: unknown): GenerationProblem {
  const code = codeOf(error);
  const action = actionForError(code);
  const serviceUnavailable = isServiceUnavailable(code);
  const base = { action, invalidImage: false, serviceUnavailable };
  if (code === 'AI_INVALID_IMAGE_NO_PERSON') return { ...base, invalidImage: true, message: 'noPerson' };
  if (code === 'AI_INVALID_IMAGE_NO_TOY') return { ...base, invalidImage: true, message: 'noToy' };
  if (code === 'GENERATION_LIMIT_REACHED') return { ...base, message: 'limitReached' };
  if (action === 'start_over') return { ...base, message: 'startOverText' };
  if (action === 'contact_support') return { ...base, message: 'technical' };
  return { ...base, message: code ? 'failed' : 'unexpected' };
}
