/** Every TanStack Query key comes from here, so invalidation never relies on scattered literals. */
export const queryKeys = {
  session: ['session'] as const,
  health: ['health'] as const,
};
