import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../../../server/src/test/fail-on-console-error.ts';
import { stubFetch, takeUnhandledRequests } from './fetch-double.ts';

// Strict by default: a test that did not say which requests it expects fails on any request.
beforeEach(() => {
  stubFetch();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(`unhandled requests: ${unhandled.join(', ')}`);
});
