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

/** Whether a parsed value holds nothing to check (the usual GET: no params, query or body). */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  for (const _key in value) return false;
  return true;
}

/**
 * No input reaches a handler, a query or another library with text the database cannot store or
 * a shape no route expects (issue 16: 400, never 5xx): the path, the query, the cookies and the
 * parsed body are checked before validation, on every route. Callback hooks, not async ones, and
 * nothing decoded or walked that cannot hold what is looked for (issue 19: every request pays them).
 */
async function inputGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    let path = query === -1 ? url : url.slice(0, query);
    // Only an escape can make a path decode to something else (or fail to decode).
    if (path.includes('%')) {
      try {
        path = decodeURIComponent(path);
      } catch {
        return done(refuse('path'));
      }
    }
    if (UNSTORABLE.test(path)) return done(refuse('path'));
    const cookies = request.headers.cookie;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is exactly what is looked for
    if (cookies && /%00|\u0000/i.test(cookies)) return done(refuse('cookie'));
    done();
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    try {
      if (!isEmpty(request.params)) check(request.params, 'path');
      if (!isEmpty(request.query)) check(request.query, 'query');
      if (!isEmpty(request.body)) check(request.body, 'body');
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

export const inputGuardPlugin = fp(inputGuard, { name: 'input-guard' });
