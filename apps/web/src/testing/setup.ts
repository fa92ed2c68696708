import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../../../server/src/test/fail-on-console-error.ts';

afterEach(() => cleanup());
