import { PICTURE_MAX_BYTES, UpdateProfileBodySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/session.ts';
import { NOT_AN_IMAGE } from './picture.ts';
import { type ProfilesService, pictureTooLarge } from './profiles.service.ts';

export function profilesRoutes(app: FastifyInstance, profiles: ProfilesService): void {
  app.get('/api/profiles/:displayName', async (request) => {
    const { displayName } = request.params as { displayName: string };
    return profiles.getByName(displayName);
  });

  app.get('/api/users/me/profile', async (request) => profiles.getMine(await requireUser(request)));

  app.put('/api/users/me/profile', async (request) => {
    const user = await requireUser(request);
    return profiles.updateMine(user, UpdateProfileBodySchema.parse(request.body ?? {}));
  });

  app.post('/api/users/me/profile/picture', { config: { multipart: true } }, async (request) => {
    const user = await requireUser(request);
    if (!request.isMultipart()) throw badRequest('Send the picture as multipart/form-data');
    const file = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5 } });
    if (!file) throw badRequest(NOT_AN_IMAGE);
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
      if (file.file.truncated) throw pictureTooLarge();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pictureTooLarge();
      throw error;
    }
    return profiles.setPicture(user, bytes);
  });

  app.post('/api/users/me/profile/migrate', async (request) => profiles.migrate(await requireUser(request)));
}
