import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Who is signed in, the site's settings and search answers: nothing an import changes. */
const UNTOUCHED = new Set(['session', 'config', 'registration', 'search']);

/**
 * What an import or a resolved row may have written reaches nearly every answer about its owner and
 * the albums it touched: ratings, collection, Rate Later, the diary, lists, reviews, stats, charts.
 * Listing them would miss the next one, so every other cached answer is marked stale; only those on
 * screen are asked again now, the rest when next shown. The imports themselves are left to the
 * caller, which knows which of them moved.
 */
export function refreshImportedData(queryClient: QueryClient, userId: string) {
  const imports = queryKeys.imports(userId);
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      !UNTOUCHED.has(String(queryKey[0])) && !imports.every((part, i) => queryKey[i] === part),
  });
}
