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

/**
 * An address as the network reads it: scheme, host without case or a final dot, and the port with
 * the scheme's default filled in (`https://API.LULU.COM:443/` is `https://api.lulu.com`). Undefined
 * when it is no URL.
 */
export function urlOrigin(value: string): { protocol: string; host: string; port: string } | undefined {
  try {
    const url = new URL(value.trim());
    const defaultPort = url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
    return {
      protocol: url.protocol,
      host: url.hostname.toLowerCase().replace(/\.$/, ''),
      port: url.port || defaultPort,
    };
  } catch {
    return undefined;
  }
}

/** Whether two addresses reach the same service (same scheme, host and port; see urlOrigin). */
export function sameOrigin(a: string, b: string): boolean {
  const left = urlOrigin(a);
  const right = urlOrigin(b);
  return (
    left !== undefined &&
    right !== undefined &&
    left.protocol === right.protocol &&
    left.host === right.host &&
    left.port === right.port
  );
}
