import fs from 'node:fs/promises';
import path from 'node:path';
import { readPaintedState } from '../src/shared/painted-state';
import { STOREFRONT_STATE_ID } from '../src/shared/storefront';

/**
 * A stand-in for `vite build`'s client folder, enough for the server to paint pages
 * (docs/decisions/017-storefront-html.md): the single-page app's shell, the storefront template,
 * the locales and a server-render bundle that is the source's `entry-server.tsx`, and the app's
 * stylesheet when given. Returns the folder.
 */
export async function paintedClientDir(
  prefix: string,
  options: { stylesheet?: string } = {},
): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(process.env.TMPDIR ?? '/tmp', prefix));
  const clientDir = path.join(dataDir, 'client');
  await fs.mkdir(path.join(clientDir, '.ssr'), { recursive: true });
  await fs.writeFile(path.join(clientDir, 'index.html'), SPA_SHELL);
  await fs.writeFile(
    path.join(clientDir, 'storefront.html'),
    options.stylesheet
      ? TEMPLATE.replace(
          '</head>',
          '<link rel="stylesheet" crossorigin href="/assets/main-abc.css">\n  </head>',
        )
      : TEMPLATE,
  );
  if (options.stylesheet) {
    await fs.mkdir(path.join(clientDir, 'assets'));
    await fs.writeFile(path.join(clientDir, 'assets', 'main-abc.css'), options.stylesheet);
  }
  await fs.symlink(path.resolve('public/locales'), path.join(clientDir, 'locales'));
  await fs.writeFile(
    path.join(clientDir, '.ssr', 'entry-server.mjs'),
    `export { render } from ${JSON.stringify(path.resolve('src/client/entry-server.tsx'))};\n`,
  );
  return clientDir;
}

/** The server's hand-over to the app in a painted page (its language, texts and API reads), if any. */
export function paintedState(html: string) {
  const match = new RegExp(
    `<script type="application/json" id="${STOREFRONT_STATE_ID}">([^<]*)</script>`,
  ).exec(html);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read what they need of it
  return match?.[1] ? readPaintedState<any>(match[1]) : undefined;
}

const SPA_SHELL =
  '<!doctype html><html lang="en"><head><title>Cuddle Tales</title></head><body><div id="root"></div><script type="module" src="/assets/main-abc.js"></script></body></html>';
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Cuddle Tales</title>
    <meta name="description" content="Turn a photo into a storybook." />
    <script type="module" crossorigin src="/assets/storefront-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
