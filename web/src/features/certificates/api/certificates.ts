/** Calls and shapes of the certificates API (src/routes/certificates.rs). */
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type RequestStatus = Schema<'RequestStatus'>;
export type CertificateStatus = Schema<'CertificateStatus'>;
export type ProgressState = Schema<'ProgressState'>;
/** Grade band keys (spec §9), as the course progress DTO sends them. */
export type GradeBand = Schema<'GradeBand'>;

export type CertificateRequestDto = Schema<'CertificateRequestDto'>;

export type CertificateDto = Schema<'CertificateDto'>;

export type VerifyDto = Schema<'VerifyDto'>;

export type StudentCourseCertificate = Schema<'CourseCertificate'>;

const enc = encodeURIComponent;

export const studentCertificates = () =>
  apiFetch<Schema<'StudentCertificates'>>('student/certificates').then((r) => r.courses);

export const requestCertificate = (courseId: number) =>
  apiFetch<Schema<'CertificateRequestReply'>>('certificates/requests', { method: 'POST', body: { course_id: courseId } });

export const certificateRequests = (status: RequestStatus = 'pending') =>
  apiFetch<Schema<'CertificateRequestList'>>(`supervisor/certificate-requests?status=${status}`).then((r) => r.requests);

export const approveCertificateRequest = (id: number) =>
  apiFetch<Schema<'ApproveReply'>>(`certificate-requests/${id}/approve`, { method: 'POST', body: {} });

export const rejectCertificateRequest = (id: number, reason: string) =>
  apiFetch<Schema<'RejectReply'>>(`certificate-requests/${id}/reject`, { method: 'POST', body: { reason } });

export function issuedCertificates(q = ''): Promise<CertificateDto[]> {
  const query = q.trim() ? `?q=${enc(q.trim())}` : '';
  return apiFetch<Schema<'CertificateList'>>(`supervisor/issued-certificates${query}`).then((r) => r.certificates);
}

export const revokeCertificate = (code: string, reason: string) =>
  apiFetch<Schema<'RevokeReply'>>(`certificates/${enc(code)}/revoke`, { method: 'POST', body: { reason } });

export const getCertificate = (code: string) => apiFetch<CertificateDto>(`certificates/${enc(code)}`);

/** The PDF, fetched with the session's bearer token (a plain link could not send it). */
export const certificatePdf = (code: string) => apiFetch<Blob>(`certificates/${enc(code)}/pdf`, { blob: true });

export const verifyCertificate = (code: string) => apiFetch<VerifyDto>(`certificates/verify/${enc(code)}`);

/** The public QR image that opens the verification page. */
export const qrImageUrl = (code: string) => `/api/certificates/verify/${enc(code)}/qr.svg`;

/** The file name offered for a certificate's PDF. */
export const pdfFileName = (code: string) => `lamsa-certificate-${code.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;

// ---------------------------------------------------------------------------------------------
// Live event payloads (read defensively: anything malformed is ignored).

function obj(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function requestFromPayload(payload: unknown): CertificateRequestDto | null {
  const r = obj(obj(payload)?.request);
  return r && typeof r.id === 'number' && typeof r.course_id === 'number' && typeof r.status === 'string'
    ? (r as unknown as CertificateRequestDto)
    : null;
}

export function certificateFromPayload(payload: unknown): CertificateDto | null {
  const c = obj(obj(payload)?.certificate);
  return c && typeof c.code === 'string' && typeof c.course_id === 'number' ? (c as unknown as CertificateDto) : null;
}

/** A student's course list with one request's (and its certificate's) news applied. */
export function applyDecision(
  courses: StudentCourseCertificate[],
  request: CertificateRequestDto | null,
  certificate: CertificateDto | null,
): StudentCourseCertificate[] {
  const courseId = request?.course_id ?? certificate?.course_id;
  if (courseId === undefined) return courses;
  return courses.map((c) =>
    c.course_id !== courseId
      ? c
      : {
          ...c,
          request: request && (!c.request || c.request.id <= request.id) ? request : c.request,
          certificate: certificate ?? c.certificate,
        },
  );
}

/**
 * A list of requests shown by `status` with one request's news applied: added once when it has
 * that status, dropped when it no longer has. Waiting requests are oldest first (first come,
 * first served); decided ones newest decision first.
 */
export function applyToQueue(list: CertificateRequestDto[], request: CertificateRequestDto, status: RequestStatus): CertificateRequestDto[] {
  const without = list.filter((r) => r.id !== request.id);
  if (request.status !== status) return without;
  const all = [...without, request];
  const ms = (iso: string | null) => Date.parse(iso ?? '') || 0;
  return status === 'pending'
    ? all.sort((a, b) => ms(a.requested_at) - ms(b.requested_at) || a.id - b.id)
    : all.sort((a, b) => ms(b.decided_at) - ms(a.decided_at) || b.id - a.id);
}
