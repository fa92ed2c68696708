import {
  DisplayNameParamsSchema,
  MigrateProfileResultSchema,
  MyProfileSchema,
  PICTURE_MAX_BYTES,
  ProfileViewSchema,
  UpdateProfileBodySchema,
} from '@liner/shared';
import * as z from 'zod/mini';
import { badRequest } from '../../lib/errors.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import { NOT_AN_IMAGE } from './picture.ts';
import { type ProfilesService, pictureTooLarge } from './profiles.service.ts';

/**
 * The profile picture upload (multipart/form-data). The route reads the parts itself, under the
 * same limits, so this contract is what the API document shows. It takes the one file whatever its
 * part is called; `picture` is the name the web app gives it. Server-side only, as the import's.
 */
const ProfilePictureFormSchema = z.object({
  picture: z.file().check(
    z.maxSize(PICTURE_MAX_BYTES),
    // Not z.mime: the server reads the bytes, whatever type the browser names.
    z.describe(`A JPEG, PNG, WebP or AVIF image, at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB`),
  ),
});

export function profilesRoutes(app: ApiApp, profiles: ProfilesService): void {
  app.get(
    '/api/profiles/:displayName',
    {
      schema: {
        summary: 'A profile by display name, and how you stand to its owner',
        params: DisplayNameParamsSchema,
        response: { 200: ProfileViewSchema },
      },
    },
    async (request) => profiles.getByName(request.params.displayName, await request.sessionUser()),
  );

  app.get(
    '/api/users/me/profile',
    { config: { access: 'user' }, schema: { summary: 'Your profile', response: { 200: MyProfileSchema } } },
    async (request) => profiles.getMine(userOf(request)),
  );

  app.put(
    '/api/users/me/profile',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Change your display name or bio',
        body: UpdateProfileBodySchema,
        response: { 200: MyProfileSchema },
      },
    },
    async (request) => profiles.updateMine(userOf(request), request.body),
  );

  app.post(
    '/api/users/me/profile/picture',
    {
      config: { access: 'user', multipart: true },
      schema: {
        summary: 'Upload a profile picture',
        description: `multipart/form-data with one file: JPEG, PNG, WebP or AVIF, at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB. It is cropped to a square.`,
        multipartForm: ProfilePictureFormSchema,
        response: { 200: MyProfileSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
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
    },
  );

  app.post(
    '/api/users/me/profile/migrate',
    {
      config: { access: 'user' },
      schema: {
        summary: "'Fix My Profile': complete an old account's profile",
        response: { 200: MigrateProfileResultSchema },
      },
    },
    async (request) => profiles.migrate(userOf(request)),
  );
}
