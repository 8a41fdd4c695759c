/**
 * Certificates as server state: the student's courses with their certificates, one certificate
 * by code, and a code's public verification. `certificate_request.decided` and
 * `certificate.revoked` change the cache in one place (below).
 */
import { applyLive, onLive, PROGRESS, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import {
  applyDecision,
  certificateFromPayload,
  getCertificate,
  requestFromPayload,
  studentCertificates,
  verifyCertificate,
  type CertificateDto,
  type CertificateRequestDto,
  type StudentCourseCertificate,
} from './certificates';

const studentKey = ['certificates', 'student'] as const;

/** Every enrolled course of the student with its state, request and certificate. */
export const useStudentCertificates = () => useAppQuery({ queryKey: studentKey, queryFn: studentCertificates, meta: PROGRESS });

/** A request this tab sent (the server's record), into the student's list. */
export const certificateRequested = (request: CertificateRequestDto) =>
  queryClient.setQueryData<StudentCourseCertificate[]>(studentKey, (cur) => (cur ? applyDecision(cur, request, null) : cur));

/** Re-reads the student's list (a request refused because the state changed elsewhere). */
export const refreshStudentCertificates = () => refetchFresh(studentKey);

export const certificateKey = (code: string) => ['certificates', 'one', code] as const;

export const useCertificate = (code: string) => useAppQuery({ queryKey: certificateKey(code), queryFn: () => getCertificate(code) });

/** The public verification of a code; nothing is fetched without one. */
export const useVerification = (code: string) =>
  useAppQuery({ queryKey: ['certificates', 'verify', code], queryFn: () => verifyCertificate(code), enabled: code !== '' });

// A supervisor's decision or a revocation: the student's list, and a certificate on screen.
onLive(['certificate_request.decided', 'certificate.revoked'], (e) => {
  const request = requestFromPayload(e.payload);
  const certificate = certificateFromPayload(e.payload);
  if (e.kind === 'certificate.revoked' && certificate) void applyLive<CertificateDto>(certificateKey(certificate.code), () => certificate);
  const courseId = request?.course_id ?? certificate?.course_id;
  const list = queryClient.getQueryData<StudentCourseCertificate[]>(studentKey);
  if (!list) return;
  // A course this list does not have yet: read the list again.
  if (!list.some((c) => c.course_id === courseId)) void refetchFresh(studentKey);
  else void applyLive<StudentCourseCertificate[]>(studentKey, (cur) => applyDecision(cur, request, certificate));
});
