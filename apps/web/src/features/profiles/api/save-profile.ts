import type { MyProfile, UpdateProfileBody } from '@liner/shared';
import { useUpdateMyProfile } from './update-my-profile.ts';
import { useUploadPicture } from './upload-picture.ts';

/** Saves the profile form: the picture first (when one was chosen), then name and bio. */
export function useSaveProfile() {
  const update = useUpdateMyProfile();
  const upload = useUploadPicture();
  return async (form: { picture: File | null } & UpdateProfileBody): Promise<MyProfile> => {
    const { picture, ...body } = form;
    if (picture) await upload.mutateAsync(picture);
    return update.mutateAsync(body);
  };
}
