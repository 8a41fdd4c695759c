import { apiFetch } from '@/lib/api-client';
import type { SessionUser } from '@/lib/storage';
import type { Schema } from '@/lib/api-types';

export type MessageResponse = Schema<'MessageResponse'>;

export interface LoginResponse {
  access: string;
  refresh: string;
  user: SessionUser;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirm: string;
  type: 'student' | 'instructor';
  phone?: string;
  gender?: 'male' | 'female';
  country?: string;
  job_title?: string;
  vision_type?: 'blind' | 'low_vision' | 'sighted';
  birth_date?: string;
  bio?: string;
  education_type?: string;
  level?: string;
}

export const login = (email: string, password: string) =>
  apiFetch<LoginResponse>('auth/login', { method: 'POST', body: { email, password } });

export const register = (input: RegisterInput) =>
  apiFetch<MessageResponse>('auth/register', { method: 'POST', body: input });

export const activate = (token: string) => apiFetch<MessageResponse>('auth/activate', { method: 'POST', body: { token } });

export const resendActivation = (email: string) =>
  apiFetch<MessageResponse>('auth/activation/resend', { method: 'POST', body: { email } });

export const requestReset = (email: string) =>
  apiFetch<MessageResponse>('auth/password/reset', { method: 'POST', body: { email } });

export const confirmReset = (token: string, password: string, password_confirm: string) =>
  apiFetch<MessageResponse>('auth/password/reset/confirm', { method: 'POST', body: { token, password, password_confirm } });

export const changePassword = (old_password: string, new_password: string, new_password_confirm: string) =>
  apiFetch<MessageResponse & { access: string; refresh: string }>('auth/password/change', {
    method: 'POST',
    body: { old_password, new_password, new_password_confirm },
  });

/** A signed-in device of the account (a live refresh token), as `GET /api/auth/sessions` lists it. */
export interface Device {
  id: number;
  browser: string | null;
  system: string | null;
  signed_in_at: string;
  last_used_at: string;
  current: boolean;
}

export const devices = () => apiFetch<{ devices: Device[] }>('auth/sessions');

export const signOutOthers = () =>
  apiFetch<MessageResponse & { access: string }>('auth/sessions/sign-out-others', { method: 'POST', body: {} });
