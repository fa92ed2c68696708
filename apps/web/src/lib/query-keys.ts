/** Every TanStack Query key comes from here, so invalidation never relies on scattered literals. */
export const queryKeys = {
  session: ['session'] as const,
  config: ['config'] as const,
  myProfile: ['profiles', 'me'] as const,
  profiles: ['profiles'] as const,
  profile: (displayName: string) => ['profiles', 'by-name', displayName.toLowerCase()] as const,
};
