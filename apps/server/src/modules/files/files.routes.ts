import { ImageBytesSchema, StoredFileParamsSchema } from '@liner/shared';
import { notFound } from '../../lib/errors.ts';
import { contentTypeOf, FILE_TYPES, type FileStore } from '../../lib/file-store/index.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';

/**
 * Serves stored files from disk or the bucket alike. Keys contain a content hash, so a response
 * never changes: cache it for a year. A store that is down answers 503 (the store's AppError).
 */
export function filesRoutes(app: ApiApp, files: FileStore): void {
  app.get(
    '/api/files/*',
    {
      schema: {
        summary: 'A stored file (profile pictures, playlist covers)',
        params: StoredFileParamsSchema,
        response: {
          200: {
            description: 'The file',
            content: Object.fromEntries(Object.values(FILE_TYPES).map((type) => [type, { schema: ImageBytesSchema }])),
          },
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const file = await files.open(key);
      if (!file) throw notFound('File not found');
      return reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
