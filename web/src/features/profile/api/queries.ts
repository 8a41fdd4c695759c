/** The signed-in user's profile as server state (`['profile']`). */
import { queryClient, useAppQuery } from '@/lib/query';
import { getProfile, type Profile } from './profile';

export const profileKey = ['profile'] as const;

export const useProfile = () => useAppQuery({ queryKey: profileKey, queryFn: getProfile });

/** The profile as the server returned it after an edit or an avatar change. */
export const profileSaved = (p: Profile) => queryClient.setQueryData<Profile>(profileKey, p);
