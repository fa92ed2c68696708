import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { auditLogRoutes } from './audit-log.routes.ts';

// The audit log of every admin action (ADR 42): each module's admin action writes its entry through
// AuditLogService in the action's own transaction. It needs no other module, so all may use it.
export { AuditLogService, type AuditRecord } from './audit-log.service.ts';

export function registerAudit(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Moderation', (api) => {
    auditLogRoutes(api, deps.auditLog);
  });
}
