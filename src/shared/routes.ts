/** Paths of the client's screens (docs/spec.md section 2); the server answers 404 for any other page. */
const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
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

/**
 * The operator console's screens (issue 17): a screen for operators only. The server answers them
 * with 200 to an operator and 404 to anyone else, so nobody else even learns they are there.
 */
const ADMIN_ROUTE_PATTERN = /^\/admin(\/(orders(\/[0-9a-f-]{36})?|outbox|pricing|reviews)?)?\/?$/;

/** True when a browser path is one of the operator console's screens. */
export function isAdminRoute(pathname: string): boolean {
  return ADMIN_ROUTE_PATTERN.test(pathname);
}
