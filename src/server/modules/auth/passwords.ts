import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** True when a password is on the list of ~49,000 most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry: string) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
