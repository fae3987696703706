/**
 * What a logged error may say (docs/decisions/019): its kind, message, code and stack, and those of
 * its causes, never the values a failed query was given (a user's id or e-mail: drizzle writes them
 * into its message as `params: …`) nor a database's `detail` (`Key (email)=(…) already exists`).
 */
const PARAMS = /\nparams: [^\n]*/g;

export function withoutQueryValues(text: string): string {
  return text.replace(PARAMS, '\nparams: [hidden]');
}

const KEPT = ['code', 'routine', 'constraint', 'table', 'column', 'statusCode', 'status'] as const;

export type SafeError = { type: string; message: string; stack?: string; cause?: SafeError } & Partial<
  Record<(typeof KEPT)[number], unknown>
>;

/** The `err` serializer of every log line (app.ts `loggerOptions`). */
export function safeError(error: unknown, depth = 0): SafeError | unknown {
  if (!(error instanceof Error)) return error;
  const safe: SafeError = {
    type: error.constructor?.name ?? 'Error',
    message: withoutQueryValues(error.message),
    ...(error.stack ? { stack: withoutQueryValues(error.stack) } : {}),
  };
  for (const key of KEPT) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') safe[key] = value;
  }
  if (error.cause !== undefined && depth < 5) safe.cause = safeError(error.cause, depth + 1) as SafeError;
  return safe;
}
