import { Readable } from 'node:stream';
import { AccountExportSchema, DeleteAccountBodySchema, NoContentSchema } from '@liner/shared';
import type { z } from 'zod';
import { toFetchHeaders } from '../../lib/fetch-headers.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: ApiApp, account: AccountService): void {
  app.get(
    '/api/users/me/export',
    {
      config: { access: 'user' },
      schema: { summary: 'Download all your data (JSON)', response: { 200: AccountExportSchema } },
    },
    async (request, reply) => {
      const pieces = await account.exportJson(userOf(request));
      // Streamed as it is read (account.service.ts): the contract documents the file, which the
      // service writes field by field in the contract's order instead of through the serialiser.
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="liner-data-${new Date().toISOString().slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(pieces) as unknown as z.output<typeof AccountExportSchema>);
    },
  );

  app.delete(
    '/api/users/me',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Delete your account and everything in it',
        description: 'Needs your password (when the account has one) and confirm: "DELETE".',
        body: DeleteAccountBodySchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await account.delete(userOf(request), request.body, toFetchHeaders(request.headers));
      return reply.status(204).send(null);
    },
  );
}
