/** Calls and shapes of the admin API (`/api/admin/*`, supervisors only; /work/helpers/admin-api.md). */
import { apiFetch } from '@/lib/api-client';
import type { SiteSettings } from '@/lib/site';
import type { Schema } from '@/lib/api-types';

export interface Paged<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
}

export const pageCount = (p: Pick<Paged<unknown>, 'total' | 'per_page'>) => Math.max(1, Math.ceil(p.total / Math.max(1, p.per_page)));

export type UserType = Schema<'UserType'>;
export const USER_TYPES: UserType[] = ['student', 'instructor', 'supervisor'];

export type Person = Schema<'PersonRef'>;

export type AdminUser = Schema<'AdminUser'>;

export type AuditEntry = Schema<'AuditEntry'>;

export type CertificateDto = Schema<'CertificateDto'>;

export type UserDetail = Schema<'UserDetailDto'>;

export type AdminCourse = Schema<'AdminCourse'>;

export type NewsState = Schema<'NewsState'>;
export const NEWS_STATES: NewsState[] = ['draft', 'scheduled', 'published'];

export type NewsInput = Schema<'NewsInput'>;

export type NewsAdmin = Schema<'NewsAdminDto'>;

export type MessageStatus = Schema<'ContactStatus'>;
export const MESSAGE_STATUSES: MessageStatus[] = ['new', 'handled', 'archived'];

export type ContactMessage = Schema<'ContactMessageDto'>;

export type Overview = Schema<'OverviewDto'>;

/** A query string from filters; empty values are left out. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

type Msg = { message: string };
const enc = encodeURIComponent;

export const getOverview = () => apiFetch<Overview>('admin/overview');

export interface UserFilters {
  q?: string;
  type?: string;
  active?: string;
  activated?: string;
  sort?: string;
  page?: number;
}
export const listUsers = (f: UserFilters) => apiFetch<Schema<'AdminUserList'>>(`admin/users${query({ ...f })}`);
export const getUser = (id: string | number) => apiFetch<UserDetail>(`admin/users/${id}`);
export const patchUser = (id: number, body: { active?: boolean; type?: UserType }) =>
  apiFetch<Schema<'UserReply'>>(`admin/users/${id}`, { method: 'PATCH', body });
export const bulkUsers = (ids: number[], active: boolean) =>
  apiFetch<Schema<'BulkReply'>>('admin/users/bulk', {
    method: 'POST',
    body: { ids, active },
  });
export const inviteUser = (body: { type: UserType; email: string; name: string }) =>
  apiFetch<Schema<'UserReply'>>('admin/users/invite', { method: 'POST', body });
export const resendActivation = (id: number) => apiFetch<Msg>(`admin/users/${id}/resend-activation`, { method: 'POST', body: {} });
export const sendReset = (id: number) => apiFetch<Msg>(`admin/users/${id}/send-reset`, { method: 'POST', body: {} });
export const usersCsv = (f: UserFilters & { ids?: string }) => apiFetch<Blob>(`admin/users.csv${query({ ...f, page: undefined, sort: undefined })}`, { blob: true });

export const listCourses = (f: { q?: string; status?: string; page?: number }) => apiFetch<Schema<'AdminCourseList'>>(`admin/courses${query(f)}`);
export const setCourseActive = (id: number, active: boolean) =>
  apiFetch<Schema<'AdminCourseReply'>>(`admin/courses/${id}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST', body: {} });

export const listCertificates = (f: { q?: string; page?: number }) => apiFetch<Schema<'AdminCertificateList'>>(`admin/certificates${query(f)}`);
export const revokeCertificate = (code: string, reason: string) =>
  apiFetch<Schema<'CertificateReply'>>(`admin/certificates/${enc(code)}/revoke`, { method: 'POST', body: { reason } });

export const listNews = (f: { state?: string; page?: number }) => apiFetch<Schema<'AdminNewsList'>>(`admin/news${query(f)}`);
export const getNews = (id: string | number) => apiFetch<NewsAdmin>(`admin/news/${id}`);
export const createNews = (body: NewsInput) => apiFetch<Schema<'NewsReply'>>('admin/news', { method: 'POST', body });
export const updateNews = (id: number, body: NewsInput) => apiFetch<Schema<'NewsReply'>>(`admin/news/${id}`, { method: 'PUT', body });
export const deleteNews = (id: number) => apiFetch<Msg>(`admin/news/${id}`, { method: 'DELETE' });
export const previewNews = (body_md: string) => apiFetch<Schema<'PreviewReply'>>('admin/news/preview', { method: 'POST', body: { body_md } });
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<Schema<'MediaDto'>>('media?kind=image', { form });
}

export const listMessages = (f: { status?: string; page?: number }) => apiFetch<Schema<'ContactList'>>(`admin/contact-messages${query(f)}`);
export const getMessage = (id: string | number) => apiFetch<ContactMessage>(`admin/contact-messages/${id}`);
export const replyMessage = (id: number, text: string) =>
  apiFetch<Schema<'ContactReply'>>(`admin/contact-messages/${id}/reply`, { method: 'POST', body: { text } });
export const patchMessage = (id: number, body: { status?: MessageStatus; read?: boolean }) =>
  apiFetch<Schema<'ContactReply'>>(`admin/contact-messages/${id}`, { method: 'PATCH', body });
export const unreadCount = () => apiFetch<Schema<'CountDto'>>('admin/contact-messages/unread-count').then((r) => r.count);

export interface AuditFilters {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
}
export const listAudit = (f: AuditFilters) => apiFetch<Schema<'AuditList'>>(`admin/audit${query({ ...f })}`);
export const auditCsv = (f: AuditFilters) => apiFetch<Blob>(`admin/audit.csv${query({ ...f, page: undefined })}`, { blob: true });

/** The audit actions the server writes (admin-api.md), for the action filter. */
export const AUDIT_ACTIONS = [
  'user.deactivate',
  'user.reactivate',
  'user.change_type',
  'user.invite',
  'user.resend_activation',
  'user.send_reset',
  'news.create',
  'news.update',
  'news.delete',
  'contact.reply',
  'contact.update',
  'course.deactivate',
  'course.reactivate',
  'course.approve_accreditation',
  'course.reject_accreditation',
  'course.approve_stop',
  'course.reject_stop',
  'course.approve_revision',
  'course.reject_revision',
  'certificate.approve',
  'certificate.reject',
  'certificate.revoke',
  'note.send',
] as const;

/** An audit action's name key in the `admin` namespace: `user.deactivate` → `auditAction.user__deactivate` (i18next splits keys at dots). */
type ActionKey<A extends string> = A extends `${infer Area}.${infer Verb}` ? `auditAction.${Area}__${Verb}` : never;

/** The name key of a known action, or null for one this client does not know yet. */
export function auditActionKey(action: string): ActionKey<(typeof AUDIT_ACTIONS)[number]> | null {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? (`auditAction.${action.replace('.', '__')}` as ActionKey<(typeof AUDIT_ACTIONS)[number]>) : null;
}

/** What `PUT /api/admin/site-settings` takes: every setting at once; an empty text unsets it. */
export type SiteSettingsInput = Schema<'SiteSettingsInput'>;

export const getSiteSettings = () => apiFetch<SiteSettings>('admin/site-settings');
export const putSiteSettings = (body: SiteSettingsInput) =>
  apiFetch<Schema<'SiteSettingsReply'>>('admin/site-settings', { method: 'PUT', body });
