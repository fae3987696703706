import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { type SafeError, safeError } from './log-safety';

/** pino-pretty's options: one short line per entry, the request line as "GET /path 200 3 ms". */
const PRETTY = {
  target: 'pino-pretty',
  options: {
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,path,status,ms',
    singleLine: true,
    messageFormat: '{msg}{if method} {method} {path} {status} {ms} ms{end}',
  },
};

/**
 * Readable lines when the output is a terminal, JSON lines when it is not (a file, a pipe, a log
 * collector); `LOG_FORMAT` chooses either way (docs/decisions/019). pino-pretty is a development
 * dependency: where it is not installed the lines stay JSON.
 */
export function logFormat(config: Pick<Config, 'logFormat'>, isTerminal = Boolean(process.stdout.isTTY)) {
  const wanted = config.logFormat ?? (isTerminal ? 'pretty' : 'json');
  return wanted === 'pretty' && prettyInstalled() ? 'pretty' : 'json';
}

function prettyInstalled() {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Pino options: never a password, token, cookie or photo, whichever the format. */
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
    ...(logFormat(config) === 'pretty' ? { transport: PRETTY } : {}),
  };
}
