import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { failOnUnknownRoutes } from '../src/client/testing/unknown-route';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  failOnUnknownRoutes();
});
