import { AccountExportSchema, DeleteAccountBodySchema, NoContentSchema } from '@liner/shared';
import { toFetchHeaders } from '../../lib/fetch-headers.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { requireUser } from '../../plugins/session.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: ApiApp, account: AccountService): void {
  app.get(
    '/api/users/me/export',
    {
      config: { access: 'user' },
      schema: { summary: 'Download all your data (JSON)', response: { 200: AccountExportSchema } },
    },
    async (request, reply) => {
      const data = await account.exportData(await requireUser(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="liner-data-${new Date().toISOString().slice(0, 10)}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
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
      await account.delete(await requireUser(request), request.body, toFetchHeaders(request.headers));
      return reply.status(204).send(null);
    },
  );
}
