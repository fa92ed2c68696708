/**
 * The response schemas of the calls the home route makes, and the API's error shape: only ever
 * imported dynamically (`deferredSchema` in api-client.ts), so that zod and these contracts arrive
 * beside the first answers instead of before the first paint (DESIGN.md budget). A schema imported
 * statically anywhere the home route loads would bring zod back with it.
 */
export {
  ApiErrorSchema,
  FeaturedPlaylistListSchema,
  PublicConfigSchema,
  TopAlbumsResultSchema,
  TopSongsResultSchema,
} from '@liner/shared';
