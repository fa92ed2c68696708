import { useSearchParams } from 'react-router';
import { DiscoverMusic } from '../../features/music/components/discover-music.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /music?search=… (or ?q=…) — Discover Music (spec §2). */
export function Component() {
  useDocumentTitle('Discover Music');
  const [params] = useSearchParams();
  const initial = (params.get('search') ?? params.get('q') ?? '').trim();
  return <DiscoverMusic initial={initial} />;
}
