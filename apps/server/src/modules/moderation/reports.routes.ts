import {
  CreateReportBodySchema,
  ReportQueueQuerySchema,
  ReportQueueSchema,
  ReportReceiptSchema,
  ReportSubjectParamsSchema,
  ResolveReportsBodySchema,
  ResolveReportsResultSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { ModerationService } from './reports.service.ts';

/** Reporting (anyone signed in) and the moderation queue (admins). */
export function reportsRoutes(app: ApiApp, reports: ModerationService): void {
  app.post(
    '/api/reports',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Report a review, note, comment, list or profile to the moderators',
        body: CreateReportBodySchema,
        response: { 201: ReportReceiptSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await reports.report(userOf(request), request.body)),
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Open reports, one entry per reported item, the longest waiting first',
        querystring: ReportQueueQuerySchema,
        response: { 200: ReportQueueSchema },
      },
    },
    async (request) => {
      return reports.queue(request.query);
    },
  );

  app.post(
    '/api/admin/reports/:subjectType/:subjectId/resolve',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Handle every open report on an item: dismiss them, remove the item, or suspend its author',
        params: ReportSubjectParamsSchema,
        body: ResolveReportsBodySchema,
        response: { 200: ResolveReportsResultSchema },
      },
    },
    async (request) => {
      const admin = userOf(request);
      return reports.resolve(admin, { type: request.params.subjectType, id: request.params.subjectId }, request.body);
    },
  );
}
