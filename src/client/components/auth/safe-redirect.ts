const PLACEHOLDER_ORIGIN = 'https://shop.invalid';

/**
 * The page to return to after sign-in, when `value` is a path of this site ('/checkout/abc?x=1').
 * Anything that could leave the site ('//evil.com', 'https://…', '/\\evil.com', 'javascript:…') or
 * lead back to /auth gives undefined.
 */
export function getSafeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return undefined;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, asked to come back to `returnTo` (a path of this site) afterwards. */
export function signInPath(returnTo?: string): string {
  const safe = getSafeRedirect(returnTo);
  return safe && safe !== '/' ? `/auth?${new URLSearchParams({ redirect: safe })}` : '/auth';
}
