import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../../../server/src/test/fail-on-console-error.ts';
import { dialogCode } from '../components/ui/modal.tsx';
import { stubFetch, takeUnhandledRequests } from './fetch-double.ts';

// The dialog's code is fetched on demand in the app (ADR 22); loaded up front here, so a test sees
// a dialog in the same render that opens it, as a person sees it once the code is cached.
await dialogCode.load();

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
