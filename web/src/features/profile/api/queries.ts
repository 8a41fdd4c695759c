/** The signed-in user's profile as server state (`['profile']`). */
import { useApiMutation } from '@/lib/mutation';
import { queryClient, useAppQuery } from '@/lib/query';
import { storeProfileBits } from '@/lib/storage';
import { getProfile, updateProfile, type Profile, type ProfilePatch } from './profile';

export const profileKey = ['profile'] as const;

export const useProfile = () => useAppQuery({ queryKey: profileKey, queryFn: getProfile });

/** The profile as the server returned it after an edit or an avatar change; the header's name and picture follow. */
function profileSaved(p: Profile) {
  queryClient.setQueryData<Profile>(profileKey, p);
  storeProfileBits(p.name, p.avatar);
}

/** Saves the changed fields of the profile. */
export const useSaveProfile = (fallback: string) => useApiMutation({ mutationFn: (patch: ProfilePatch) => updateProfile(patch), onSuccess: profileSaved, fallback });

/** Uploads or removes the avatar (`change` is the request). */
export const useAvatarChange = (fallback: string) => useApiMutation({ mutationFn: (change: () => Promise<Profile>) => change(), onSuccess: profileSaved, fallback });
