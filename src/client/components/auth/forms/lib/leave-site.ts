/** Opens a page outside the app (the sign-in provider). Its own module so tests can stand in for it:
 * jsdom cannot leave the page. */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
