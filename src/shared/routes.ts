/** Paths of the client's screens (SPEC.md section 2); the server answers 404 for any other page. */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/themes\/?$/,
  /^\/theme\/[^/]+\/?$/,
  /^\/wizard\/?$/,
  /^\/checkout(\/[^/]+)?\/?$/,
  /^\/book\/[^/]+\/?$/,
  /^\/order-confirmation(\/[^/]+)?\/?$/,
  /^\/checkout-test\/?$/,
  /^\/auth\/?$/,
  /^\/profile\/?$/,
  /^\/faq\/?$/,
  /^\/affiliate\/?$/,
  /^\/privacy\/?$/,
  /^\/terms\/?$/,
];

/** True when a browser path (without query) is one of the shop's screens. */
export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}
