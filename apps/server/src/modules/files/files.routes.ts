import { ImageBytesSchema, StoredFileParamsSchema } from '@liner/shared';
import { notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };

/** Serves stored files. Keys contain a content hash, so a response never changes: cache it for a year. */
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
            content: Object.fromEntries(Object.values(TYPES).map((type) => [type, { schema: ImageBytesSchema }])),
          },
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const file = await files.open(key);
      if (!file) throw notFound('File not found');
      const ext = key.split('.').pop() ?? '';
      return reply
        .header('content-type', TYPES[ext] ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
