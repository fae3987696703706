import { writePaintedState } from '../../shared/painted-state';
import type { StorefrontRender } from '../../shared/storefront';
import { STOREFRONT_STATE_ID } from '../../shared/storefront';

/** Text for an HTML attribute value in double quotes, or for an element's text. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * JSON that can sit inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), `>` or `&` can end or bend the element, and U+2028/U+2029 are escaped as well. The
 * browser's JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown, write: (value: unknown) => string = JSON.stringify): string {
  return write(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// React hoists a preload of each eager picture to the start of what it renders. The largest one
// (`fetchpriority="high"`) goes to <head>, where the browser finds it before it reads the page; the
// others are left to the page itself, so they do not compete with it.
const LEADING_LINKS = /^(?:<link\b[^>]*\/?>)+/;
const HIGH_PRIORITY_LINK = /<link\b[^>]*\bfetchPriority="high"[^>]*\/?>/gi;

/**
 * The storefront template (index.html without the app's scripts, built by vite.config.ts) filled
 * with one rendered page: `<html>`'s attributes, title, description, the page in #root and the
 * hydration state as inert JSON (the CSP runs no inline script, and this is none).
 */
export function fillTemplate(
  template: string,
  page: StorefrontRender,
  htmlAttributes: Record<string, string>,
): string {
  const attributes = Object.entries({ ...htmlAttributes, lang: page.state.language })
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  const leading = LEADING_LINKS.exec(page.html)?.[0] ?? '';
  const preloads = (leading.match(HIGH_PRIORITY_LINK) ?? []).join('');
  const body = page.html.slice(leading.length);
  return (
    template
      .replace(/<html\b[^>]*>/, () => `<html${attributes}>`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
      )
      // Early in <head>, before the inlined stylesheet, so the browser asks for the picture as soon
      // as the page's first bytes arrive (issue 19: found ~80 ms later after the styles); after the
      // viewport, or the picture's width would be chosen for a desktop's (and fetched twice).
      .replace(/<meta\s+name="viewport"[^>]*>|<\/head>/, (tag) =>
        tag === '</head>' ? `${preloads}\n  </head>` : `${tag}${preloads}`,
      )
      .replace(
        /<div id="root"><\/div>/,
        () =>
          `<div id="root">${body}</div>\n    <script type="application/json" id="${STOREFRONT_STATE_ID}">${jsonForScript(page.state, writePaintedState)}</script>`,
      )
  );
}
