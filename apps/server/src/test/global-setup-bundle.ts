import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../../../../scripts/lib.mjs';

/**
 * Process tests start the built server and CLI (test/server-bundle.ts). The build is made here,
 * once per run, only when it is missing or older than its sources: after CI's build step, `npm test`
 * or `npm start` it is fresh and used as it is. In watch mode it is checked again before each rerun,
 * so an edited source is what the next rerun's children run.
 */
export function setup(project: TestProject): void {
  ensureServerBuild();
  project.onTestsRerun(() => ensureServerBuild());
}
