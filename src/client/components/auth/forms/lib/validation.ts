import { LIMITS } from '../../../../../shared/constants';

/** The shortest password the shop accepts, on sign-up and reset (SPEC.md section 5). */
export const MIN_PASSWORD_LENGTH: number = LIMITS.passwordMinChars;

// Deliberately loose: the server has the last word; this only catches typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EmailProblem = 'emailRequired' | 'emailInvalid';
export type PasswordProblem = 'passwordRequired' | 'passwordTooShort';

export function checkEmail(email: string): EmailProblem | undefined {
  const value = email.trim();
  if (value === '') return 'emailRequired';
  return EMAIL_PATTERN.test(value) ? undefined : 'emailInvalid';
}

/** `minLength` 0 only requires a value (sign-in: old passwords are the server's business). */
export function checkPassword(
  password: string,
  minLength = MIN_PASSWORD_LENGTH,
): PasswordProblem | undefined {
  if (password === '') return 'passwordRequired';
  return password.length < minLength ? 'passwordTooShort' : undefined;
}
