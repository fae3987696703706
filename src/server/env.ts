import type { z } from 'zod';

/**
 * The helpers every environment parser shares (config.ts, adapters/storage/s3-config.ts,
 * adapters/printer/lulu-config.ts): which variables are set, and how a bad value is reported,
 * with one mask for secrets and for credentials inside URLs.
 */

/** The variables of `keys` that are set; empty values (and blanks) count as unset. */
export function presentEnv(
  keys: readonly string[],
  env: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    keys
      .map((key) => [key, env[key]?.trim()] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/** Names whose values are never echoed: secrets, keys, passwords and tokens (not S3_KEY_PREFIX). */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|API_KEY|CLIENT_KEY|ACCESS_KEY/;

/** Hides the user and password of a URL (`https://user:pass@host` -> `https://***@host`). */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@\s]*@/, '//***@');
}

/** One line per problem, naming the variable and what it expects; the value only when safe. */
export function describeEnvIssues(
  issues: readonly z.core.$ZodIssue[],
  present: Record<string, string>,
): string[] {
  return issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const got = SECRET_NAME.test(name) ? undefined : present[name];
    return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${redactUrl(got)}")`}`;
  });
}
