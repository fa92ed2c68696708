import { Navigate, useSearchParams } from 'react-router';
import { sharedQuery } from '../../features/search/shared-query.ts';

/**
 * /share?title=…&text=…&url=… : a link another app shared with the installed app (the manifest's
 * share target) opens liner's search for what it names.
 */
export function Component() {
  const [params] = useSearchParams();
  const query = sharedQuery({ title: params.get('title'), text: params.get('text'), url: params.get('url') });
  return <Navigate to={query ? `/search?q=${encodeURIComponent(query)}` : '/search'} replace />;
}
