import {
  IMPORT_MAX_BYTES,
  IMPORT_NO_FILE,
  IMPORT_SOURCE_REQUIRED,
  IMPORT_SOURCES,
  IMPORT_TOO_LARGE,
  ImportJobListSchema,
  ImportJobSchema,
  ImportParamsSchema,
  ImportRowPageSchema,
  ImportRowParamsSchema,
  ImportRowSchema,
  ImportRowsQuerySchema,
  type ImportSource,
  ResolveImportRowBodySchema,
} from '@liner/shared';
import * as z from 'zod/mini';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { ImportWorker } from './import-worker.ts';
import type { ImportsService } from './imports.service.ts';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE);

function sourceOf(value: unknown): ImportSource {
  const text = (value as { value?: unknown } | undefined)?.value;
  if (typeof text !== 'string' || !IMPORT_SOURCES.includes(text as ImportSource))
    throw badRequest(IMPORT_SOURCE_REQUIRED);
  return text as ImportSource;
}

/**
 * The import upload (multipart/form-data): `source` first, then the file, as a form sends them. The
 * route reads the parts itself, under the same limits, so this contract is what the API document
 * shows. It lives here, not in the shared package: the web app never sends it through a schema,
 * and zod's file checks would weigh on every page.
 */
const ImportFormSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  file: z
    .file()
    .check(
      z.maxSize(IMPORT_MAX_BYTES),
      z.describe(
        `At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB: RateYourMusic's CSV export, ListenBrainz's export .zip or its ` +
          'listens .jsonl, or a Last.fm scrobbles CSV. The contents decide, not the name or type.',
      ),
    ),
});

/** Imports. Routes are thin; the rules are in ImportsService. */
export function importsRoutes(app: ApiApp, imports: ImportsService, worker: ImportWorker): void {
  app.post(
    '/api/imports',
    {
      config: { access: 'user', multipart: true },
      schema: {
        summary: 'Import a RateYourMusic, ListenBrainz or Last.fm export',
        description:
          `multipart/form-data: a field \`source\` (${IMPORT_SOURCES.join(', ')}) and then one file, at most ` +
          `${IMPORT_MAX_BYTES / 1024 / 1024} MB. The file is read at once (a file of another kind is refused) and ` +
          'imported in the background: follow it with GET /api/imports/{importId}.',
        multipartForm: ImportFormSchema,
        response: { 201: ImportJobSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (!request.isMultipart()) throw badRequest(IMPORT_NO_FILE);
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
      if (!file) throw badRequest(IMPORT_NO_FILE);
      // The field must come before the file, as a form sends them in order.
      const source = sourceOf(file.fields.source);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
        if (file.file.truncated) throw tooLarge();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      const job = await imports.start(user.id, { source, fileName: file.filename ?? '', bytes });
      worker.kick();
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/api/imports',
    {
      config: { access: 'user' },
      schema: { summary: 'Your imports, newest first', response: { 200: ImportJobListSchema } },
    },
    async (request) => imports.jobs(userOf(request)),
  );

  app.get(
    '/api/imports/:importId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One of your imports: its progress and counts',
        params: ImportParamsSchema,
        response: { 200: ImportJobSchema },
      },
    },
    async (request) => imports.job(userOf(request), request.params.importId),
  );

  app.get(
    '/api/imports/:importId/rows',
    {
      config: { access: 'user' },
      schema: {
        summary: "An import's rows in file order, perhaps of one status (unmatched: the ones to resolve)",
        params: ImportParamsSchema,
        querystring: ImportRowsQuerySchema,
        response: { 200: ImportRowPageSchema },
      },
    },
    async (request) => imports.rows(userOf(request), request.params.importId, request.query),
  );

  app.post(
    '/api/imports/:importId/rows/:rowNumber/resolve',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Import an unmatched row into the album you chose',
        params: ImportRowParamsSchema,
        body: ResolveImportRowBodySchema,
        response: { 200: ImportRowSchema },
      },
    },
    async (request) =>
      imports.resolve(userOf(request), request.params.importId, request.params.rowNumber, request.body.albumId),
  );

  app.post(
    '/api/imports/:importId/rows/:rowNumber/skip',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Skip an unmatched row: nothing is imported from it',
        params: ImportRowParamsSchema,
        response: { 200: ImportRowSchema },
      },
    },
    async (request) => imports.skip(userOf(request), request.params.importId, request.params.rowNumber),
  );
}
