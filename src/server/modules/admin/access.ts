import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';

export type Operator = { id: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an /api/admin request, set by `requireOperator`. */
    operator: Operator | null;
  }
}

/**
 * Whether an account may open the operator console: role `admin`, or a verified e-mail named by
 * ADMIN_EMAILS (docs/product.md Operators). The role is read from the database on every request, so a
 * role taken away takes effect at once.
 */
export async function findOperator(db: Db, adminEmails: readonly string[], userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const named = user.verified && adminEmails.includes(user.email.toLowerCase());
  return user.role === 'admin' || named ? { id: user.id, email: user.email } : null;
}

/**
 * The one gate of /api/admin: anyone who is not an operator (signed out included) gets the same 404
 * as an address that does not exist — the same status and the same body, naming the route as the
 * not-found handler does (plugins/client.ts) — so the console is not even seen to be there
 * (docs/decisions/019).
 */
export function requireOperator(app: Pick<FastifyInstance, 'currentUser' | 'database' | 'config'>) {
  return async (request: FastifyRequest): Promise<void> => {
    // The console never trusts the session's cookie copy (decision 016).
    const user = await app.currentUser(request, { fresh: true });
    const operator = user ? await findOperator(app.database.db, app.config.adminEmails, user.id) : null;
    if (!operator) throw unknownRoute(request);
    request.operator = operator;
  };
}

/** The operator of a route behind `requireOperator`. */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('an admin route without requireOperator on its prefix');
  return request.operator;
}

/** `npm run admin -- grant|revoke <email>`: gives or takes the admin role; false when no such account. */
export async function setAdminRole(db: Db, email: string, grant: boolean): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ role: grant ? 'admin' : 'customer', updatedAt: sql`now()` })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** The answer to an address no route serves, as the not-found handler words it. */
export function unknownRoute(request: FastifyRequest): AppError {
  return new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0] ?? '/'} not found`);
}
