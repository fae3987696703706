import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

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
    ...(process.stdout.isTTY && !config.isProduction ? { transport: { target: 'pino-pretty' } } : {}),
  };
}
