import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, vi } from 'vitest';
import { failOnUnknownRoutes } from '../src/client/testing/unknown-route';

// The app's routes and dialogs load their code when first needed (issue 33): a file's first render
// imports and transforms it, which on a busy two-core machine can take longer than testing-library's
// default second. Waits still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });

// The client files share one jsdom window and one module graph per worker (`isolate: false` in
// vitest.config.ts), and this file runs again before each of them: what one file leaves in the
// window, the document or a module is cleared here, so each file starts as it would on its own.

/** As a fresh jsdom document: no attribute on <html> or <body>, no title, an empty body, no cookie
 * (the head keeps the styles libraries such as sonner add once, when their module loads). */
function freshDocument() {
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  for (const title of document.head.querySelectorAll('title')) title.remove();
  document.body.replaceChildren();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.sessionStorage.clear();
  window.localStorage.clear();
}

beforeAll(freshDocument);

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in its module: one a test left open would show in the next Toaster.
  toast.dismiss();
  // Fetch, matchMedia and the like stood in for by a test (the mock APIs stub them).
  vi.unstubAllGlobals();
  // A test that failed before turning its fake clock off would leave it to the next file.
  vi.useRealTimers();
  window.localStorage.clear();
  failOnUnknownRoutes();
});
