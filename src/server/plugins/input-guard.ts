import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/** Deeper than any request of the shop (the checkout's is 3 levels): anything beyond is refused. */
const MAX_DEPTH = 32;
/** A NUL (PostgreSQL text cannot hold it) or a UTF-16 half without its other half (not text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const refuse = (where: string) =>
  new AppError(
    'VALIDATION_INVALID_PARAM',
    `Invalid request at ${where}: it holds a character that is not text.`,
  );

/**
 * Walks a parsed value without recursion (a 100,000-deep body must not exhaust the stack) and
 * throws at the first string that cannot be stored, or past MAX_DEPTH.
 */
function check(value: unknown, where: string): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop()!;
    if (typeof next === 'string') {
      if (UNSTORABLE.test(next)) throw refuse(where);
      continue;
    }
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= MAX_DEPTH) {
      throw new AppError('VALIDATION_INVALID_PARAM', `Invalid request at ${where}: nested too deeply.`);
    }
    for (const [key, item] of Object.entries(next)) {
      if (UNSTORABLE.test(key)) throw refuse(where);
      stack.push({ value: item, depth: depth + 1 });
    }
  }
}

/**
 * No input reaches a handler, a query or another library with text the database cannot store or
 * a shape no route expects (issue 16: 400, never 5xx): the path, the query, the cookies and the
 * parsed body are checked before validation, on every route.
 */
async function inputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    let path = request.url.split('?')[0] ?? '';
    try {
      path = decodeURIComponent(path);
    } catch {
      throw refuse('path');
    }
    if (UNSTORABLE.test(path)) throw refuse('path');
    const cookies = request.headers.cookie;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is exactly what is looked for
    if (cookies && /%00|\u0000/i.test(cookies)) throw refuse('cookie');
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    check(request.params, 'path');
    check(request.query, 'query');
    check(request.body, 'body');
  });
}

export const inputGuardPlugin = fp(inputGuard, { name: 'input-guard' });
