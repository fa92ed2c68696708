import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { reportsRoutes } from './reports.routes.ts';

// Reports, the moderation queue and the admins' audit log (ADR 42). Every admin action elsewhere
// writes its audit entry through AuditLogService, in the action's own transaction.
export { AuditLogService, type AuditRecord } from './audit-log.service.ts';
export { ModerationService } from './reports.service.ts';

export function registerModeration(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Moderation', (api) => {
    reportsRoutes(api, deps.moderation, deps.auditLog);
  });
}
