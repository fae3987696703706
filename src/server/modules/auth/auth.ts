import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '../../../shared/constants';
import { AccountUpdateSchema } from '../../../shared/contracts/profile';
import { isLanguage } from '../../../shared/i18n';
import type { Mailer } from '../../adapters/mail/index';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import * as schema from '../../db/schema';
import { withoutQueryValues } from '../../log-safety';
import { renderAccountEmail } from './emails';
import { isCommonPassword } from './passwords';

/** The header through which the server hands better-auth the caller's address (never trusted from outside). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

export const AUTH_LIMITS = {
  /** The shop's one password minimum (shared with the client's forms). */
  minPasswordLength: LIMITS.passwordMinChars,
  maxPasswordLength: 128,
  resetTokenSeconds: 30 * 60,
  verificationTokenSeconds: 24 * 60 * 60,
  sessionSeconds: 7 * 24 * 60 * 60,
  sessionRefreshSeconds: 24 * 60 * 60,
  /**
   * How long a signed copy of the session in a cookie stands in for the database (issue 19,
   * decision 016): the longest a revoked session keeps opening routes that trust the copy.
   */
  sessionCacheSeconds: 60,
  failedSignIns: { max: 10, windowMinutes: 15 },
} as const;

export type AuthRateLimits = {
  windowSeconds: number;
  max: number;
  signInPerMinute: number;
  emailPerMinute: number;
};

const DEFAULT_RATE_LIMITS: AuthRateLimits = {
  windowSeconds: 60,
  max: 100,
  signInPerMinute: 30,
  emailPerMinute: 5,
};

type OAuthProviderId = 'google' | 'microsoft';

/** The secret that signs sessions: AUTH_SECRET, else one made once and kept in DATA_DIR (embedded default). */
export function resolveSecret(config: Config, log: Pick<FastifyBaseLogger, 'warn'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  if (config.isProduction)
    log.warn('AUTH_SECRET is not set: using a secret generated in DATA_DIR/auth-secret');
  return secret;
}

function trustedOrigins(publicUrl: string): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  const url = new URL(publicUrl);
  // The same shop opened as 127.0.0.1 or localhost is the same origin for a person.
  if (url.hostname === 'localhost')
    origins.add(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  if (url.hostname === '127.0.0.1')
    origins.add(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  return [...origins];
}

/** The paths whose per-address limit is shared by every API process (counted in the database). */
const SHARED_LIMIT_PATH =
  /^\/(sign-in|sign-up|change-password|change-email|request-password-reset|send-verification-email|reset-password|forget-password)(\/|$)/;

/**
 * better-auth's rate-limit storage: one statement per counted request for the limits on passwords
 * and e-mail (a fixed window that starts with its first request), memory for the rest. Nothing is
 * counted for `/get-session` (its rule is off).
 */
function rateLimitStorage(db: Db) {
  const memory = new Map<string, { count: number; startedAt: number }>();
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const now = Date.now();
      const windowMs = rule.window * 1000;
      const path = key.slice(key.lastIndexOf('|') + 1);
      let count: number;
      let startedAt: number;
      if (SHARED_LIMIT_PATH.test(path)) {
        const [row] = await queryRows<{ count: number; started_at: string | number }>(
          db,
          sql`insert into ${schema.rateLimits} (id, key, count, last_request)
              values (${randomUUID()}, ${key}, 1, ${now})
              on conflict (key) do update set
                count = case when ${schema.rateLimits.lastRequest} <= ${now - windowMs} then 1
                             else ${schema.rateLimits.count} + 1 end,
                last_request = case when ${schema.rateLimits.lastRequest} <= ${now - windowMs} then ${now}
                                    else ${schema.rateLimits.lastRequest} end
              returning count, last_request as started_at`,
        );
        count = row!.count;
        startedAt = Number(row!.started_at);
      } else {
        if (memory.size > 100_000) {
          for (const [entryKey, entry] of memory)
            if (entry.startedAt <= now - windowMs) memory.delete(entryKey);
        }
        const entry = memory.get(key);
        const current = entry && entry.startedAt > now - windowMs ? entry : { count: 0, startedAt: now };
        current.count += 1;
        memory.set(key, current);
        ({ count, startedAt } = current);
      }
      return count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil((startedAt + windowMs - now) / 1000)) };
    },
  };
}

const normaliseEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

export type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  rateLimits?: Partial<AuthRateLimits>;
  /** The clock, so tests can move time forward. */
  now?: () => Date;
};

type SendAccountEmail = (
  kind: Parameters<typeof renderAccountEmail>[0],
  user: { email: string; language?: unknown },
  url: string,
) => Promise<void>;

/** Sends an account e-mail; a failure is logged (without the link) and answered as unavailable. */
function accountEmailSender(mailer: Mailer, log: FastifyBaseLogger): SendAccountEmail {
  return async (kind, user, url) => {
    try {
      await mailer.send(renderAccountEmail(kind, { to: user.email, url, language: user.language }));
    } catch (error) {
      // The user sees a normal answer; the failure is ours to see in the log (without the link).
      log.error({ err: error, kind }, 'account e-mail could not be sent');
      throw new APIError('SERVICE_UNAVAILABLE', {
        message: 'The e-mail could not be sent. Please try again later.',
        code: 'EMAIL_NOT_SENT',
      });
    }
  };
}

/** better-auth's limits per address: stricter on the paths that guard passwords and e-mail. */
function rateLimitOptions(db: Db, limits: AuthRateLimits) {
  return {
    enabled: true,
    // The limits that guard passwords and e-mail are counted in the database, so they hold across
    // API processes; the general per-address limit is counted in each process's memory.
    customStorage: rateLimitStorage(db),
    window: limits.windowSeconds,
    max: limits.max,
    customRules: {
      // Reading one's own session is not limited: every page asks for it, and people behind one
      // address (a school, an office, a busy test run) would otherwise look signed out.
      '/get-session': false as const,
      '/sign-in/email': { window: 60, max: limits.signInPerMinute },
      '/sign-in/social': { window: 60, max: limits.signInPerMinute },
      '/sign-up/email': { window: 60, max: limits.emailPerMinute },
      '/request-password-reset': { window: 60, max: limits.emailPerMinute },
      '/send-verification-email': { window: 60, max: limits.emailPerMinute },
      '/reset-password': { window: 60, max: limits.emailPerMinute * 2 },
    },
  };
}

/** A new or changed password that is long enough but on the list of common ones is refused. */
function refuseCommonPassword(path: string, body: Record<string, unknown>) {
  if (!['/sign-up/email', '/reset-password', '/change-password'].includes(path)) return;
  const password = body.password ?? body.newPassword;
  // Too short is better-auth's own answer; only a long-enough password is checked against the list.
  if (
    typeof password === 'string' &&
    password.length >= AUTH_LIMITS.minPasswordLength &&
    isCommonPassword(password)
  ) {
    throw new APIError('BAD_REQUEST', {
      message:
        'This password is one of the most common passwords. Please choose one that is harder to guess.',
      code: 'PASSWORD_TOO_COMMON',
    });
  }
}

/** An account change and a sign-up's language are checked by the shop's own rules. */
function checkAccountFields(path: string, body: Record<string, unknown>) {
  if (path === '/update-user') {
    const checked = AccountUpdateSchema.safeParse(body);
    if (!checked.success) {
      const first = checked.error.issues[0];
      throw new APIError('BAD_REQUEST', {
        message: `Invalid request${first?.path.length ? ` at ${first.path.join('.')}` : ''}: ${first?.message ?? 'bad input'}`,
        code: 'VALIDATION_INVALID_PARAM',
      });
    }
  }
  if (path === '/sign-up/email' && body.language !== undefined && !isLanguage(body.language)) {
    throw new APIError('BAD_REQUEST', {
      message: 'Unknown language.',
      code: 'VALIDATION_INVALID_PARAM',
    });
  }
}

/** Too many failed sign-ins of one address within the window: refused until the oldest leaves it. */
async function refuseAfterFailedSignIns(db: Db, now: () => Date, emailInput: unknown) {
  const { max, windowMinutes } = AUTH_LIMITS.failedSignIns;
  const email = normaliseEmail(emailInput);
  const windowStart = new Date(now().getTime() - windowMinutes * 60_000);
  const failures = await db
    .select({ createdAt: schema.failedSignIns.createdAt })
    .from(schema.failedSignIns)
    .where(and(eq(schema.failedSignIns.email, email), gte(schema.failedSignIns.createdAt, windowStart)))
    .orderBy(asc(schema.failedSignIns.createdAt));
  if (failures.length < max) return;
  // Free again once the oldest counted failure leaves the window.
  const oldest = failures[failures.length - max]!.createdAt.getTime();
  const retryAfterMinutes = Math.max(
    1,
    Math.ceil((oldest + windowMinutes * 60_000 - now().getTime()) / 60_000),
  );
  throw new APIError('TOO_MANY_REQUESTS', {
    message: `Too many failed sign-in attempts. Try again in ${retryAfterMinutes} minutes.`,
    code: 'TOO_MANY_FAILED_SIGN_INS',
    retryAfterMinutes,
  });
}

/** A failed sign-in (401) is counted for its address; a successful one clears the count. */
async function recordSignIn(db: Db, now: () => Date, emailInput: unknown, returned: unknown) {
  const email = normaliseEmail(emailInput);
  if (isAPIError(returned) && returned.statusCode === 401) {
    await db.insert(schema.failedSignIns).values({ email, createdAt: now() });
  } else if (!isAPIError(returned)) {
    await db.delete(schema.failedSignIns).where(eq(schema.failedSignIns.email, email));
  }
}

type HookDeps = { db: Db; now: () => Date; publicUrl: string; sendAccountEmail: SendAccountEmail };

/** The shop's checks before better-auth answers, and what it records or tells after. */
function authHooks({ db, now, publicUrl, sendAccountEmail }: HookDeps) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      refuseCommonPassword(ctx.path, body);
      checkAccountFields(ctx.path, body);
      if (ctx.path === '/sign-in/email') await refuseAfterFailedSignIns(db, now, body.email);
    }),
    after: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (ctx.path === '/sign-in/email') {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        await recordSignIn(db, now, body.email, returned);
        return;
      }
      if (ctx.path !== '/change-password') return;
      const session = ctx.context.session ?? ctx.context.newSession;
      if (!isAPIError(returned) && session?.user) {
        await sendAccountEmail(
          'passwordChanged',
          session.user as { email: string; language?: unknown },
          `${publicUrl}/auth`,
        );
      }
    }),
  };
}

type OAuthConfig = NonNullable<Config['oidc']['google']> & { providerId: OAuthProviderId; name: string };

/** Google and Microsoft through OpenID Connect discovery, each only when configured. */
function oauthPlugin(providers: OAuthConfig[]) {
  return genericOAuth({
    config: providers.map((provider) => ({
      providerId: provider.providerId,
      name: provider.name,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      discoveryUrl: provider.discoveryUrl,
      requireIdTokenVerification: true,
      pkce: true,
      scopes: ['openid', 'email', 'profile'],
      mapProfileToUser: (profile) => ({
        name: typeof profile.name === 'string' ? profile.name : '',
        image: typeof profile.picture === 'string' ? profile.picture : undefined,
      }),
    })),
  });
}

/** better-auth on the shop's own database: e-mail and password, confirmation, reset, Google and Microsoft. */
export function createAuth({ config, db, mailer, log, rateLimits, now = () => new Date() }: AuthDeps) {
  const { google, microsoft } = config.oidc;
  const oauthConfigs: OAuthConfig[] = [
    google && { providerId: 'google' as const, name: 'Google', ...google },
    microsoft && { providerId: 'microsoft' as const, name: 'Microsoft', ...microsoft },
  ].filter((provider) => provider !== undefined);
  const sendAccountEmail = accountEmailSender(mailer, log);

  const auth = betterAuth({
    appName: 'Cuddle Tales',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveSecret(config, log),
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    user: {
      additionalFields: { language: { type: 'string', required: false, defaultValue: 'en', input: true } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: AUTH_LIMITS.minPasswordLength,
      maxPasswordLength: AUTH_LIMITS.maxPasswordLength,
      requireEmailVerification: true,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: AUTH_LIMITS.resetTokenSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => sendAccountEmail('reset', user, url),
      // The answer to a sign-up never reveals that an address has an account; its owner is told instead.
      onExistingUserSignUp: async ({ user }) =>
        sendAccountEmail('existingAccount', user, `${config.publicUrl}/auth`),
      onPasswordReset: async ({ user }) =>
        sendAccountEmail('passwordChanged', user, `${config.publicUrl}/auth`),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: AUTH_LIMITS.verificationTokenSeconds,
      sendVerificationEmail: async ({ user, url }) => sendAccountEmail('verify', user, url),
    },
    session: {
      expiresIn: AUTH_LIMITS.sessionSeconds,
      updateAge: AUTH_LIMITS.sessionRefreshSeconds,
      // A signed copy of the session and user in a cookie: an API request reads no session row.
      // It is renewed only from the database (no stateless refresh), so a revoked session lives at
      // most `sessionCacheSeconds` on the routes that trust the copy; the others read the database
      // (decision 016).
      cookieCache: {
        enabled: true,
        maxAge: AUTH_LIMITS.sessionCacheSeconds,
        strategy: 'compact',
        refreshCache: false,
      },
    },
    rateLimit: rateLimitOptions(db, { ...DEFAULT_RATE_LIMITS, ...rateLimits }),
    logger: {
      level: 'info',
      log: (level, message) => {
        log[level]({ component: 'auth' }, withoutQueryValues(message));
      },
    },
    // A fault (not a refusal) leaves better-auth for the shop's error handler, which logs it without
    // the query's values (log-safety.ts) and answers 500 in the shop's shape; better-auth would print
    // it whole to the console (issue 34).
    onAPIError: { throw: true },
    advanced: {
      // better-auth skips these under NODE_ENV=test; the shop wants them everywhere, tests included.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: 'shop',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await db
              .insert(schema.profiles)
              .values({ userId: user.id, displayName: user.name || null, avatarUrl: user.image ?? null })
              .onConflictDoNothing();
          },
        },
      },
    },
    hooks: authHooks({ db, now, publicUrl: config.publicUrl, sendAccountEmail }),
    plugins: [oauthPlugin(oauthConfigs)],
  });

  return {
    auth,
    providers: oauthConfigs.map((provider) => provider.providerId),
  };
}

export type ShopAuth = ReturnType<typeof createAuth>;
