// The worker thread's entry under TypeScript (tests, `npm run dev`): a worker does not take tsx's
// hooks from `--import tsx` for its own entry file, so it registers them and then loads the worker.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
