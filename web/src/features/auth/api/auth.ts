import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type MessageResponse = Schema<'MessageResponse'>;

export type LoginResponse = Schema<'LoginResponse'>;

export type RegisterInput = Schema<'RegisterRequest'>;

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
  apiFetch<Schema<'ChangePasswordResponse'>>('auth/password/change', {
    method: 'POST',
    body: { old_password, new_password, new_password_confirm },
  });

/** A signed-in device of the account (a live refresh token), as `GET /api/auth/sessions` lists it. */
export type Device = Schema<'DeviceDto'>;

export const devices = () => apiFetch<Schema<'DevicesResponse'>>('auth/sessions');

export const signOutOthers = () =>
  apiFetch<Schema<'SignOutOthersResponse'>>('auth/sessions/sign-out-others', { method: 'POST', body: {} });
