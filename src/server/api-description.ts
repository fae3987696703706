/**
 * The API's public description (`/api/openapi.json`, the swagger UI at `/api/docs`) leaves out the
 * operator console's routes and the schemas only they use, so nobody can list them
 * (docs/decisions/019); the console reads the whole one behind its operator check
 * (`/api/admin/openapi.json`).
 */
export const ADMIN_API_PREFIX = '/api/admin';

type Description = { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };

export function publicApiDescription<T extends object>(description: T): T {
  const whole = description as Description;
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {}).filter(
      ([path]) => path !== ADMIN_API_PREFIX && !path.startsWith(`${ADMIN_API_PREFIX}/`),
    ),
  );
  const schemas = whole.components?.schemas ?? {};
  // The schemas the remaining routes reach, following each $ref.
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = /^#\/components\/schemas\/(.+)$/.exec(value)?.[1];
        if (name && !reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(paths);
  return {
    ...description,
    paths,
    ...(whole.components
      ? {
          components: {
            ...whole.components,
            schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))),
          },
        }
      : {}),
  };
}
