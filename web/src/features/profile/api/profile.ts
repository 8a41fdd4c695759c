import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type Profile = Schema<'ProfileResponse'>;

export const EDITABLE = ['name', 'phone', 'gender', 'country', 'job_title', 'vision_type', 'birth_date', 'education_type', 'level', 'bio'] as const;
export type Editable = (typeof EDITABLE)[number];
export type ProfilePatch = Partial<Record<Editable, string | null>>;

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const getProfile = () => apiFetch<Profile>('profile');
export const updateProfile = (patch: ProfilePatch) => apiFetch<Profile>('profile', { method: 'PATCH', body: patch });
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return apiFetch<Profile>('profile/avatar', { method: 'POST', form });
}
export const removeAvatar = () => apiFetch<Profile>('profile/avatar', { method: 'DELETE' });

/** Checks a chosen file before upload: 'too_large', 'not_image' or null. */
export function checkAvatarFile(file: Pick<File, 'size' | 'type'>): 'too_large' | 'not_image' | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) return 'not_image';
  return null;
}
