import type { CollectionEntry } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Changes apply to the list at once; a failure restores the previous list (spec §4, DESIGN.md 5). */
export function useOptimisticCollection<T>(
  mutationFn: (vars: T) => Promise<unknown>,
  apply: (list: CollectionEntry[], vars: T) => CollectionEntry[],
  onSuccess?: (vars: T) => void,
) {
  const queryClient = useQueryClient();
  const key = queryKeys.collection(useUserId() ?? '');
  return useMutation({
    mutationFn,
    onMutate: async (vars: T) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CollectionEntry[]>(key);
      if (previous) queryClient.setQueryData(key, apply(previous, vars));
      return { previous };
    },
    onSuccess: (_data, vars) => onSuccess?.(vars),
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userCollections });
    },
  });
}
