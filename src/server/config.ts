import path from 'node:path';
import { z } from 'zod';

const port = z
  .string()
  .regex(/^\d+$/, 'expected a whole number between 0 and 65535')
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(0, 'expected a whole number between 0 and 65535')
      .max(65535, 'expected a whole number between 0 and 65535'),
  );

const postgresUrl = z
  .string()
  .regex(
    /^postgres(ql)?:\/\/\S+$/,
    'expected a PostgreSQL connection URL such as postgres://user:password@host:5432/database',
  );

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'expected an http(s) URL such as https://shop.example.com')
  .transform((value) => value.replace(/\/+$/, ''));

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the shop reads, with its default. The README lists the same. */
const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'expected development, production or test' })
    .default('development'),
  HOST: z.string().min(1, 'expected a host name or address').default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1, 'expected a folder path').default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: flag.default(false),
  CLIENT_DIR: z.string().min(1, 'expected a folder path').optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  trustProxy: boolean;
  clientDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Parses the environment once at start-up. Empty values count as unset. Throws a ConfigError that
 * names each bad variable and what it expects.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape)
      .map((key) => [key, env[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const got = present[name];
        return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${name === 'DATABASE_URL' ? redactUrl(got) : got}")`}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : path.join(projectRoot, 'dist', 'client'),
  };
}

/** Hides the password of a connection URL so it can be printed. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
