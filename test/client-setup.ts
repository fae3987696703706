import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { failOnUnknownRoutes } from '../src/client/testing/unknown-route';

// The app's routes and dialogs load their code when first needed (issue 33): a file's first render
// imports and transforms it, which on a busy two-core machine can take longer than testing-library's
// default second. Waits still fail when what they wait for never comes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  failOnUnknownRoutes();
});
