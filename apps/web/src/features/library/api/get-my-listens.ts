import { ListenListSchema } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Your listens of an album, newest first: GET /api/albums/{id}/listens/mine (signed in only). */
export function useMyListens(albumId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.myListens(userId ?? '', albumId),
    queryFn: () => apiRequest(`albums/${encodeURIComponent(albumId)}/listens/mine`, { schema: ListenListSchema }),
    enabled: userId !== null,
  });
}
