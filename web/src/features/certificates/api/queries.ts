/**
 * Certificates as server state: the student's courses with their certificates, one certificate
 * by code, a code's public verification, the supervisor's request queues and issued list.
 * `certificate_request.created`, `certificate_request.decided` and `certificate.revoked` change
 * the cache in one place (below).
 */
import { keepPreviousData } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutation';
import { applyLive, onLive, PROGRESS, queryClient, refetchFresh, useAppQuery } from '@/lib/query';
import {
  applyDecision,
  applyToQueue,
  approveCertificateRequest,
  certificateFromPayload,
  certificateRequests,
  getCertificate,
  issuedCertificates,
  rejectCertificateRequest,
  requestCertificate,
  requestFromPayload,
  revokeCertificate,
  studentCertificates,
  verifyCertificate,
  type CertificateDto,
  type CertificateRequestDto,
  type RequestStatus,
  type StudentCourseCertificate,
} from './certificates';

const studentKey = ['certificates', 'student'] as const;

/** Every enrolled course of the student with its state, request and certificate. */
export const useStudentCertificates = () => useAppQuery({ queryKey: studentKey, queryFn: studentCertificates, meta: PROGRESS });

/**
 * Requests a course's certificate: the server's record goes into the student's list. A refusal
 * because the state changed elsewhere (409: already pending, issued…) re-reads the list, so the
 * course shows as it is now.
 */
export const useRequestCertificate = (fallback: string) =>
  useApiMutation({
    mutationFn: (courseId: number) => requestCertificate(courseId),
    onSuccess: (res) => queryClient.setQueryData<StudentCourseCertificate[]>(studentKey, (cur) => (cur ? applyDecision(cur, res.request, null) : cur)),
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) void refetchFresh(studentKey);
    },
    fallback,
  });

export const certificateKey = (code: string) => ['certificates', 'one', code] as const;

export const useCertificate = (code: string) => useAppQuery({ queryKey: certificateKey(code), queryFn: () => getCertificate(code) });

/** The public verification of a code; nothing is fetched without one. */
export const useVerification = (code: string) =>
  useAppQuery({ queryKey: ['certificates', 'verify', code], queryFn: () => verifyCertificate(code), enabled: code !== '' });

const QUEUE_STATUSES: RequestStatus[] = ['pending', 'approved', 'rejected'];
const queuesKey = ['certificates', 'queue'] as const;
const queueKey = (status: RequestStatus) => [...queuesKey, status] as const;

/** The supervisor's certificate requests with a status (waiting oldest first, decided newest first). */
export const useCertificateQueue = (status: RequestStatus) => useAppQuery({ queryKey: queueKey(status), queryFn: () => certificateRequests(status) });

const issuedKey = ['certificates', 'issued'] as const;

/** What a search of issued certificates found, with the search it answers. */
export interface IssuedResult {
  q: string;
  certificates: CertificateDto[];
}

/** Issued certificates matching `q` (all when empty); a new search keeps the previous answer on screen until it arrives. */
export const useIssuedCertificates = (q: string) =>
  useAppQuery({
    queryKey: [...issuedKey, q] as const,
    queryFn: (): Promise<IssuedResult> => issuedCertificates(q).then((certificates) => ({ q, certificates })),
    placeholderData: keepPreviousData,
  });

/** Re-reads the issued certificates (a revocation refused because it was already revoked). */
export const refreshIssued = () => refetchFresh(issuedKey);

/**
 * A request this tab decided, or found already decided (`id`): out of the waiting queue (the page
 * moves focus when its row has left); the decided tabs and the issued list read again.
 */
export function certificateRequestDecided(id: number) {
  queryClient.setQueryData<CertificateRequestDto[]>(queueKey('pending'), (list) => list?.filter((r) => r.id !== id));
  void refetchFresh(queueKey('approved'));
  void refetchFresh(queueKey('rejected'));
  void refetchFresh(issuedKey);
}

/** A refusal because the request was decided elsewhere (409) or is gone (404). */
export const decidedElsewhere = (e: unknown) => e instanceof ApiError && (e.status === 409 || e.status === 404);

/**
 * Approves a request (no `reason`) or rejects it with one. Decided, or found already decided
 * elsewhere, it leaves the waiting queue (`certificateRequestDecided`).
 */
export const useDecideRequest = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }): Promise<{ message: string }> =>
      reason === undefined ? approveCertificateRequest(id) : rejectCertificateRequest(id, reason),
    onSuccess: (_res, { id }) => certificateRequestDecided(id),
    onError: (e, { id }) => {
      if (decidedElsewhere(e)) certificateRequestDecided(id);
    },
    fallback,
  });

/**
 * Revokes a certificate: the server's record goes into every issued list and its own page. Refused
 * because it was already revoked (409), the issued list reads again to show it as it is.
 */
export const useRevokeCertificate = (fallback: string) =>
  useApiMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) => revokeCertificate(code, reason),
    onSuccess: ({ certificate }) => {
      queryClient.setQueriesData<IssuedResult>({ queryKey: issuedKey }, (r) =>
        r ? { ...r, certificates: r.certificates.map((c) => (c.code === certificate.code ? certificate : c)) } : r,
      );
      queryClient.setQueryData<CertificateDto>(certificateKey(certificate.code), (c) => (c ? certificate : c));
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) void refreshIssued();
    },
    fallback,
  });

// A request made or decided, or a revocation: the supervisor's queues and issued list, the
// student's list, and a certificate on screen.
onLive(['certificate_request.created', 'certificate_request.decided', 'certificate.revoked'], (e) => {
  const request = requestFromPayload(e.payload);
  const certificate = certificateFromPayload(e.payload);
  if (e.kind !== 'certificate.revoked') {
    // Each queue takes the request when it has that status and drops it otherwise.
    if (request) for (const s of QUEUE_STATUSES) void applyLive<CertificateRequestDto[]>(queueKey(s), (cur) => applyToQueue(cur, request, s));
    else void refetchFresh(queuesKey);
  }
  // A certificate issued or revoked elsewhere: the issued list may have changed.
  if (certificate) void refetchFresh(issuedKey);
  if (e.kind === 'certificate_request.created') return;
  if (e.kind === 'certificate.revoked' && certificate) void applyLive<CertificateDto>(certificateKey(certificate.code), () => certificate);
  const courseId = request?.course_id ?? certificate?.course_id;
  const list = queryClient.getQueryData<StudentCourseCertificate[]>(studentKey);
  if (!list) return;
  // A course this list does not have yet: read the list again.
  if (!list.some((c) => c.course_id === courseId)) void refetchFresh(studentKey);
  else void applyLive<StudentCourseCertificate[]>(studentKey, (cur) => applyDecision(cur, request, certificate));
});
