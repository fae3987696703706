import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { type SafeError, safeError } from './log-safety';

/** Pino options: JSON lines, pretty in a terminal, never a password, token, cookie or photo. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.imageData',
      ],
      censor: '[redacted]',
    },
    // No query values (user ids, e-mails) in a logged error (log-safety.ts).
    serializers: { err: (error: Error) => ({ stack: '', ...(safeError(error) as SafeError) }) },
    ...(process.stdout.isTTY && !config.isProduction ? { transport: { target: 'pino-pretty' } } : {}),
  };
}
