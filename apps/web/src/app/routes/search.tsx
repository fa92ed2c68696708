import { SearchResultsPage } from '../../features/search/components/search-results-page.tsx';

/** /search?q=…&tab=… (spec §2, Search results). */
export function Component() {
  return <SearchResultsPage />;
}
