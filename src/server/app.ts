import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { fromNodeHeaders } from 'better-auth/node';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mail/index';
import type { Storage } from './adapters/storage/index';
import { publicApiDescription } from './api-description';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './logger';
import { findOperator } from './modules/admin/access';
import { adminRoutes } from './modules/admin/routes';
import { AUTH_LIMITS, type AuthRateLimits, createAuth } from './modules/auth/auth';
import { type KeptAnswers, keptAnswers } from './modules/auth/kept-answers';
import { sessionRevocationList } from './modules/auth/revocations';
import { authRoutes } from './modules/auth/routes';
import { bookRoutes } from './modules/books/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { checkoutRoutes, checkoutTestRoutes } from './modules/checkout/routes';
import { devRoutes, fromThisMachine, OUTBOX_PAGE } from './modules/dev/routes';
import { orderRoutes } from './modules/orders/routes';
import { localPaymentPage } from './modules/payments/local-page';
import { paymentRoutes } from './modules/payments/routes';
import { printFileRoutes } from './modules/print-files/routes';
import { printerRoutes } from './modules/printer/routes';
import { productionRoutes } from './modules/production/routes';
import { profileRoutes } from './modules/profile/routes';
import { reminderRoutes } from './modules/reminders/routes';
import { systemRoutes } from './modules/system/routes';
import { wizardRoutes } from './modules/wizard/routes';
import { registerRequestUser } from './plugins/auth';
import { clientPlugin } from './plugins/client';
import { registerErrorHandler } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { sameOriginPlugin } from './plugins/same-origin';
import { registerSecurityHeaders } from './plugins/security-headers';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    storage: Storage;
    mailer: Mailer;
    /**
     * The signed-in user of a request, or null: from the signed session cookie cache, or from the
     * database with `fresh` (routes that must not trust a copy up to a minute old, decision 016).
     * With `reply`, a renewed cache cookie is passed on to the caller.
     */
    currentUser(
      request: FastifyRequest,
      options?: { fresh?: boolean; reply?: FastifyReply },
    ): Promise<{ id: string; email: string } | null>;
  }
  interface FastifyContextConfig {
    /** false: no request log line for this route (health probes, issue 19). */
    logRequest?: boolean;
  }
}

/** What the app needs from outside: the services of the composition root (services.ts), and options. */
export type AppDeps = Omit<Services, 'printer'> & {
  /** Tests loosen or tighten the per-IP auth limits. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** How long a cover may take (60 s; tests shorten it). */
  generationTimeoutMs?: number;
  /** The shop's logger (services.ts `createLogger`), or false for silence (tests). */
  logger?: false | FastifyBaseLogger;
  /**
   * Called when the local card page has recorded a payment and before the shop is told of it: a
   * test ends its process there (modules/payments/local-page-crash.test.ts).
   */
  afterPaymentRecorded?: () => void;
  /**
   * How old the list of account changes may be when a kept answer is given (250 ms; the tests' app
   * 0, so a row a test writes itself is seen at once; docs/decisions/031).
   */
  keptAnswersStaleMs?: number;
};

/** The session cookies of a Cookie header: the token and its signed copy (`__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?shop\.session_(token|data)=([^;]*))/g;

/**
 * The signed session copies this process has already seen better-auth verify, by their exact
 * cookies, each until the copy itself expires (the same bound better-auth applies, decision 016):
 * a repeated request costs a Map lookup instead of two HMAC checks and better-auth's call.
 */
function verifiedCopies() {
  const entries = new Map<string, { user: { id: string; email: string }; until: number }>();
  const keyOf = (cookie: string) => {
    let token: string | undefined;
    let data: string | undefined;
    for (const match of cookie.matchAll(SESSION_COOKIE)) {
      if (match[2] === 'token') token = match[1];
      else data = match[3];
    }
    return token && data ? { key: `${token};${data}`, data } : undefined;
  };
  const tokenOf = (cookie: string) => {
    for (const match of cookie.matchAll(SESSION_COOKIE)) if (match[2] === 'token') return match[1];
    return undefined;
  };
  // Session tokens this process read from the database, each for `sessionCacheSeconds` after that
  // read: a browser (or a bench) still sending an expired copy costs one database read a minute per
  // process, not one per request (issue 37), and a revoked session lives no longer than a copy does.
  const checked = new Map<string, { user: { id: string; email: string }; until: number; at: number }>();
  const prune = (map: Map<string, { until: number }>) => {
    if (map.size < 10_000) return;
    const now = Date.now();
    for (const [key, entry] of map) if (entry.until <= now) map.delete(key);
    if (map.size >= 10_000) map.clear();
  };
  return {
    find(cookie: string) {
      const found = keyOf(cookie);
      const entry = found && entries.get(found.key);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.user;
      entries.delete(found!.key);
      return undefined;
    },
    /**
     * The user of a session token read from the database less than `sessionCacheSeconds` ago, and
     * when it was read (sessions ended after that are checked by the caller).
     */
    findChecked(cookie: string) {
      const token = tokenOf(cookie);
      const entry = token && checked.get(token);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return { user: entry.user, at: entry.at };
      checked.delete(token!);
      return undefined;
    },
    /** Just read from the database: the token's user, trusted as long as a copy issued now would be. */
    rememberChecked(cookie: string, user: { id: string; email: string }, sessionExpiresAt: Date | string) {
      const token = tokenOf(cookie);
      if (!token) return;
      const until = Math.min(
        Date.now() + AUTH_LIMITS.sessionCacheSeconds * 1000,
        new Date(sessionExpiresAt).getTime(),
      );
      prune(checked);
      checked.set(token, { user, until, at: Date.now() });
    },

    remember(cookie: string, user: { id: string; email: string }, sessionExpiresAt: Date | string) {
      const found = keyOf(cookie);
      if (!found) return;
      let copyExpiresAt: unknown;
      try {
        copyExpiresAt = JSON.parse(Buffer.from(found.data, 'base64url').toString('utf8')).expiresAt;
      } catch {
        return;
      }
      if (typeof copyExpiresAt !== 'number') return;
      const until = Math.min(copyExpiresAt, new Date(sessionExpiresAt).getTime());
      prune(entries);
      entries.set(found.key, { user, until });
    },
  };
}

/** Builds the whole HTTP app: plugins from outside first, then the shop's own modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createFastify(deps);
  await registerPlatform(app, deps.config);
  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api/catalog' });
  const shopAuth = createAuth({
    config: deps.config,
    db: deps.database.db,
    mailer: deps.mailer,
    log: app.log,
    rateLimits: deps.authRateLimits ?? deps.config.authRateLimits,
    now: deps.now,
  });
  await app.register(authRoutes(shopAuth), { prefix: '/api/auth' });
  registerCurrentUser(app, shopAuth, deps.database);
  await registerShopRoutes(app, deps);
  await registerClient(app, deps);
  return app;
}

type App = ReturnType<typeof createFastify>;

/** The Fastify instance with the shop's services decorated and one log line per request. */
function createFastify(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: deps.logger ?? loggerOptions(config) }),
    // A number of hops: the client is the address that many hops before the shop (proxy-addr).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request, written below, instead of Fastify's two (issue 19).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  // The path only: a query string may hold a token (a reminder's opt-out, a signed print-file link).
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.logRequest === false) return done();
    const query = request.url.indexOf('?');
    request.log.info(
      {
        method: request.method,
        path: query === -1 ? request.url : request.url.slice(0, query),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('storage', deps.storage);
  app.decorate('mailer', deps.mailer);
  registerErrorHandler(app);
  registerRequestUser(app);

  return app;
}

/** Headers, compression, cookies, the API's documentation, and the guards before every route. */
async function registerPlatform(app: App, config: Config): Promise<void> {
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Storybook shop API',
        description: 'The API behind the shop for personalised children’s storybooks.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    // The public description: no operator routes (api-description.ts).
    transformSpecification: (description) => publicApiDescription(description),
  });

  // Before every route: state changes only from the shop's own pages, no text/plain bodies.
  await app.register(sameOriginPlugin);
  // Before every route: no NUL, no half of a UTF-16 pair, no body nested past any request's depth.
  await app.register(inputGuardPlugin);
}

/**
 * When the request's signed session copy was issued: its expiry less its lifetime (decision 016).
 * Unreadable: now, so the copy is checked against the latest revocations.
 */
function copyIssuedAt(cookie: string): number {
  for (const match of cookie.matchAll(SESSION_COOKIE)) {
    if (match[2] !== 'data') continue;
    try {
      const expiresAt = JSON.parse(Buffer.from(match[3] ?? '', 'base64url').toString('utf8')).expiresAt;
      if (typeof expiresAt === 'number') return expiresAt - AUTH_LIMITS.sessionCacheSeconds * 1000;
    } catch {
      break;
    }
  }
  return Date.now();
}

/** `app.currentUser`: the signed-in user of a request (decision 016). */
function registerCurrentUser(app: App, shopAuth: ReturnType<typeof createAuth>, database: Database): void {
  const copies = verifiedCopies();
  // A copy issued before its account's sessions were ended is read again from the database
  // (docs/decisions/019): sign-out, password change, sign out everywhere and deletion end every
  // other session at once.
  const revocations = sessionRevocationList(database.db, {
    windowMs: AUTH_LIMITS.sessionCacheSeconds * 1000,
  });
  const currentUser = async (
    request: FastifyRequest,
    options: { fresh?: boolean; reply?: FastifyReply } = {},
  ): Promise<{ id: string; email: string } | null> => {
    const cookie = request.headers.cookie;
    // No session cookie, no session: nothing to verify or read.
    if (!cookie?.includes('session_token=')) return null;
    // A signed copy this process verified, or a token it read from the database within the copy's
    // lifetime (decision 016, "Later (2026-11-27)"); either is checked against ended sessions.
    const copy = options.fresh ? undefined : copies.find(cookie);
    const read = options.fresh || copy ? undefined : copies.findChecked(cookie);
    const known = copy ? { user: copy, at: copyIssuedAt(cookie) } : read;
    if (known) {
      if (!(await revocations.endedSince(known.user.id, known.at))) return known.user;
      return currentUser(request, { ...options, fresh: true });
    }
    const { headers, response: session } = await shopAuth.auth.api.getSession({
      headers: fromNodeHeaders(request.headers),
      query: options.fresh ? { disableCookieCache: true } : {},
      returnHeaders: true,
    });
    const cookies = headers.getSetCookie();
    if (!options.fresh && cookies.length === 0 && session) {
      // Nothing renewed: better-auth answered from the request's own signed copy, which it verified.
      if (await revocations.endedSince(session.user.id, copyIssuedAt(cookie)))
        return currentUser(request, { ...options, fresh: true });
      const user = { id: session.user.id, email: session.user.email };
      copies.remember(cookie, user, session.session.expiresAt);
      return user;
    }
    if (options.reply && cookies.length > 0) options.reply.header('set-cookie', cookies);
    if (!session) return null;
    const user = { id: session.user.id, email: session.user.email };
    // Renewed, or asked fresh: better-auth read the session from the database just now.
    copies.rememberChecked(cookie, user, session.session.expiresAt);
    return user;
  };
  app.decorate('currentUser', currentUser);
  // Sessions this process ended (the account routes, the account's deletion) are known before the
  // answer leaves, so the next request of any other device is refused.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      /^\/api\/(auth|profile)(\/|$|\?)/.test(request.url)
    )
      await revocations.refresh();
    return payload;
  });
}

/**
 * The parents' most read answers kept in memory until they change (docs/decisions/031). A parent's
 * own change through this process is seen by their next request through it; a worker's, another
 * process's or the console's within `keptAnswersStaleMs`.
 */
function registerKeptAnswers(app: App, deps: AppDeps): KeptAnswers {
  const answers = keptAnswers(deps.database.db, {
    ...(deps.keptAnswersStaleMs === undefined ? {} : { maxStaleMs: deps.keptAnswersStaleMs }),
  });
  // A callback hook: every request passes it, and a GET should not pay for a promise here. A
  // signed-in parent's own change lets their answers go (no query: an order costs none for it);
  // an account route, whose caller the shop's hooks do not set, reads the list of changes again.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || answers.size === 0)
      return done(null, payload);
    if (request.user) {
      answers.forget(request.user.id);
      return done(null, payload);
    }
    if (!request.url.startsWith('/api/auth/')) return done(null, payload);
    answers.refresh().then(() => done(null, payload), done);
  });
  return answers;
}

/** The shop's own API modules, each under its prefix. */
async function registerShopRoutes(app: App, deps: AppDeps): Promise<void> {
  const { config } = deps;
  await app.register(
    wizardRoutes({
      illustrator: deps.illustrator,
      now: deps.now,
      ...(deps.generationTimeoutMs ? { generationTimeoutMs: deps.generationTimeoutMs } : {}),
    }),
    {
      prefix: '/api/wizard',
    },
  );
  // One clock for every module (services.ts): tests move it, the shop reads the real time.
  const now = { now: deps.now };
  await app.register(checkoutRoutes({ payments: deps.payments, ...now }), { prefix: '/api' });
  const answers = registerKeptAnswers(app, deps);
  await app.register(orderRoutes({ payments: deps.payments, ...now, answers }), { prefix: '/api/orders' });
  await app.register(
    paymentRoutes({ payments: deps.payments, printGraceMinutes: deps.config.printGraceMinutes, ...now }),
    { prefix: '/api/payments' },
  );
  if (deps.payments.name === 'local') {
    await app.register(
      localPaymentPage({
        webhookSecret: deps.payments.webhookSecret,
        ...now,
        ...(deps.afterPaymentRecorded ? { afterRecorded: deps.afterPaymentRecorded } : {}),
      }),
    );
  }
  await app.register(productionRoutes, { prefix: '/api/book-instances' });
  await app.register(bookRoutes, { prefix: '/api/books' });
  // Lulu downloads the print files from signed links and reports status changes to its webhook.
  const lulu = config.printer.lulu;
  if (lulu) {
    await app.register(printFileRoutes({ secret: lulu.printFileUrlSecret, ...now }), {
      prefix: '/api/print-files',
    });
    await app.register(
      printerRoutes({
        webhookSecret: lulu.webhookSecret,
        deliveredAfterDays: lulu.deliveredAfterDays,
        publicUrl: config.publicUrl,
        alertEmail: lulu.contactEmail,
      }),
      { prefix: '/api/printer' },
    );
  }
  await app.register(profileRoutes({ ...now, answers }), {
    prefix: '/api/profile',
  });
  await app.register(reminderRoutes, { prefix: '/api/reminders' });
  // The operator console (issue 17): 404 to anyone but an operator. Its outbox is the embedded
  // mailer's, whatever the shop's mode (a shop started with no SMTP can still read its e-mails).
  await app.register(adminRoutes({ now: deps.now, outboxDir: deps.outboxDir }), { prefix: '/api/admin' });
  const { demo, trustsProxy, outboxDir } = demoShop(deps);
  if (demo) await app.register(checkoutTestRoutes, { prefix: '/api/dev' });
  if (outboxDir) await app.register(devRoutes(outboxDir, { trustsProxy }));
}

// docs/product.md "Demo and live": the checkout test page and the readable outbox are a demo shop's.
function demoShop(deps: AppDeps) {
  const demo = deps.config.mode === 'demo';
  return {
    demo,
    trustsProxy: deps.config.trustProxy !== false,
    outboxDir: demo ? deps.outboxDir : undefined,
  };
}

/** The client's pages (painted by the server where it can), told the shop's mode and who operates it. */
async function registerClient(app: App, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const { demo, trustsProxy, outboxDir } = demoShop(deps);
  await app.register(clientPlugin, {
    clientDir: config.clientDir,
    // The page says it is a demo shop from its first paint (no shift), and, to this machine, where
    // the e-mails are.
    htmlAttributes: (request: FastifyRequest) => ({
      // What the texts may promise (issue 20): the payment methods of the configured provider, and
      // whether a person looks at every book before print.
      'data-payments': config.payments.provider,
      'data-review': config.reviewBeforePrint ? 'on' : 'off',
      ...(demo
        ? {
            'data-shop-mode': 'demo',
            ...(outboxDir && fromThisMachine(request, trustsProxy) ? { 'data-outbox': OUTBOX_PAGE } : {}),
          }
        : {}),
    }),
    isOperator: async (request: FastifyRequest) => {
      const user = await app.currentUser(request, { fresh: true });
      return user ? (await findOperator(deps.database.db, config.adminEmails, user.id)) !== null : false;
    },
  });
}
