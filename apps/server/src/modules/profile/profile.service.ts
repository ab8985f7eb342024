import type { Profile, ProfileUpdate } from '@pmw/contract/partner-profile';
import type { profileUpdateBodySchema } from '@pmw/contract/partner-profile';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors';
import type { DocumentsService } from '../documents/documents.service';
import type { FilesService } from '../files/files.service';
import type { UserRow, UsersService } from '../users/users.service';
import { pmwId } from '../users/users.service';
import { say } from '@pmw/contract/texts/said';

export type { ProfileUpdate };

/** Personal Details of the partner portal, kept on the users row through the users service. */
export function createProfileService(deps: {
  users: UsersService;
  files: FilesService;
  documents: Pick<DocumentsService, 'list' | 'kycComplete'>;
}) {
  const { users, files, documents } = deps;

  async function view(row: UserRow): Promise<Profile> {
    return {
      id: pmwId(row.user_id),
      user_id: row.user_id,
      mobile: row.mobile,
      first_name: row.first_name,
      email: row.email,
      gender: row.gender,
      zip_code: row.zip_code,
      city: row.city,
      state: row.state,
      permanent_address: row.permanent_address,
      location_coords: row.location_coords,
      profile_picture_key: row.profile_picture_key,
      // A picture that cannot be signed is left out: its failure is silent.
      profile_picture_url: row.profile_picture_key ? await files.signedUrlForKey(row.profile_picture_key).catch(() => null) : null,
      details: { kyc_complete: await documents.kycComplete(row.user_id) },
      documents: await documents.list(row.user_id),
    };
  }

  return {
    async fetch(userId: number): Promise<Profile> {
      const row = await users.byId(userId);
      if (!row) throw notFound(say('common.userNotFound'));
      return view(row);
    },
    /** The picture key must name a profile picture this partner uploaded. */
    async update(userId: number, input: z.output<typeof profileUpdateBodySchema>): Promise<Profile> {
      if (input.profile_picture_key) {
        const file = await files.byKey(input.profile_picture_key);
        if (
          !file ||
          file.owner_kind !== 'worker' ||
          file.owner_id !== userId ||
          file.file_purpose !== 'USER_PROFILE' ||
          file.status !== 'UPLOADED'
        ) {
          throw new AppError('FORBIDDEN', say('profile.pictureNotYours'));
        }
      }
      const row = await users.updateProfile(userId, {
        first_name: input.first_name,
        email: input.email,
        gender: input.gender,
        zip_code: input.zip_code,
        city: input.city,
        state: input.state,
        permanent_address: input.permanent_address,
        location_coords: input.location_coords,
        ...(input.profile_picture_key ? { profile_picture_key: input.profile_picture_key } : {}),
      });
      return view(row);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
