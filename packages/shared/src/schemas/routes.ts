import * as z from 'zod/mini';

// Path parameters and bodiless answers of the API routes. Ids are opaque strings (DESIGN.md):
// an unknown or overlong one is answered 404 by the service, not 400 here.
export const AlbumParamsSchema = z.object({ albumId: z.string() });
export const AlbumTrackParamsSchema = z.object({ albumId: z.string(), trackId: z.string() });
export const AlbumByIdParamsSchema = z.object({ id: z.string() });
export const CoverFileParamsSchema = z.object({ file: z.string() });
export const StoredFileParamsSchema = z.object({ '*': z.string() });
export const UserParamsSchema = z.object({ userId: z.string() });
export const DisplayNameParamsSchema = z.object({ displayName: z.string() });
export const PostParamsSchema = z.object({ postId: z.string() });
export const PlaylistParamsSchema = z.object({ id: z.string() });
export const SessionParamsSchema = z.object({ sessionId: z.string() });

/** 204 No Content. */
export const NoContentSchema = z.null();

/** An image answer (covers, stored pictures): bytes streamed as they are, never serialised as JSON. */
export const ImageBytesSchema = z.any().register(z.globalRegistry, { type: 'string', format: 'binary' });

/** A zip answer (the CSV export, ADR 37): bytes sent as they are, never serialised as JSON. */
export const ZipBytesSchema = z.any().register(z.globalRegistry, { type: 'string', format: 'binary' });
