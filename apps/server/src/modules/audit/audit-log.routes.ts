import { AuditLogPageSchema, AuditLogQuerySchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import type { AuditLogService } from './audit-log.service.ts';

/** The admins' audit log, read in the dashboard. */
export function auditLogRoutes(app: ApiApp, auditLog: AuditLogService): void {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Every admin action, newest first: who, what, on what, why and when',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogPageSchema },
      },
    },
    async (request) => {
      return auditLog.list(request.query);
    },
  );
}
