import { z } from 'zod';
import { LIMITS } from '../constants';

/**
 * The account forms' checks, made in the browser before any request (docs/spec.md section 5), as zod
 * schemas the forms use through react-hook-form's resolver. Each message is the key of its text in
 * the `auth` namespace's `validation` group. Deliberately loose on the e-mail: the server has the
 * last word; this only catches typos before a round trip.
 */
export type AuthProblem =
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordsDoNotMatch';

const problem = (key: AuthProblem) => key;

/** The shortest password the shop accepts, on sign-up and reset (docs/spec.md section 5). */
export const MIN_PASSWORD_LENGTH: number = LIMITS.passwordMinChars;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string()
  .trim()
  .min(1, problem('emailRequired'))
  .regex(EMAIL_PATTERN, problem('emailInvalid'));

const newPassword = z
  .string()
  .min(1, problem('passwordRequired'))
  .min(MIN_PASSWORD_LENGTH, problem('passwordTooShort'));

/** The confirmation must repeat the password; said together with any other problem. */
const confirmed = <T extends { password: string; confirm: string }>(value: T) =>
  value.confirm === value.password;
const MISMATCH = { path: ['confirm'], message: problem('passwordsDoNotMatch'), when: () => true };

/** Sign-in: an old password is the server's business, so it is only required. */
export const SignInFormSchema = z.object({
  email,
  password: z.string().min(1, problem('passwordRequired')),
});

export const SignUpFormSchema = z
  .object({ email, password: newPassword, confirm: z.string() })
  .refine(confirmed, MISMATCH);

export const ResetRequestFormSchema = z.object({ email });

export const NewPasswordFormSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine(confirmed, MISMATCH);
