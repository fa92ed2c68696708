import { ZipBytesSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { CsvExportService } from './csv-export.service.ts';

export function csvExportRoutes(app: ApiApp, csvExport: CsvExportService): void {
  app.get(
    '/api/users/me/export.zip',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Download your ratings, reviews, library, diary and lists as CSV files (zip)',
        description:
          'ratings.csv, song-ratings.csv, reviews.csv, collection.csv, rate-later.csv, diary.csv, lists.csv, ' +
          "and rym-ratings.csv in RateYourMusic's export format (ADR 37).",
        response: {
          200: { description: 'The zip', content: { 'application/zip': { schema: ZipBytesSchema } } },
        },
      },
    },
    async (request, reply) => {
      const zip = await csvExport.zip(userOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="liner-export-${new Date().toISOString().slice(0, 10)}.zip"`,
        )
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );
}
