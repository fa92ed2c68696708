import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';

const web = path.join(import.meta.dirname, '..');

/**
 * Lingui for the build and the component tests alike (ADR 56): its macros compiled natively (no
 * Babel), each message's English kept beside its id so English pages need no catalogue, and a
 * catalogue with a message left untranslated failing the build.
 */
export function linguiPlugin() {
  return lingui({
    configPath: path.join(web, 'lingui.config.ts'),
    macroTransform: { macro: { descriptorFields: 'message' } },
    failOnMissing: true,
    failOnCompileError: true,
  });
}

/** Where the macros find `i18n` (lingui.config.ts's runtimeConfigModule). */
export const linguiRuntimeAlias = {
  find: /^liner-i18n$/,
  replacement: path.join(web, 'src/lib/i18n/runtime.ts'),
};
