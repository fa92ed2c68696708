import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/session.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, account: AccountService): void {
  app.get('/api/users/me/export', async (request, reply) => {
    const user = await requireUser(request);
    const data = await account.exportData(user);
    return reply
      .header('content-disposition', `attachment; filename="liner-data-${new Date().toISOString().slice(0, 10)}.json"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.delete('/api/users/me', async (request, reply) => {
    const user = await requireUser(request);
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(key, value);
    const body = (request.body ?? {}) as { password?: unknown; confirm?: unknown };
    await account.delete(
      user,
      {
        password: typeof body.password === 'string' ? body.password : undefined,
        confirm: typeof body.confirm === 'string' ? body.confirm : undefined,
      },
      headers,
    );
    return reply.status(204).send();
  });
}
