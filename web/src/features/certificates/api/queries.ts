/**
 * Certificates as server state: one certificate by code, and a code's public verification.
 * `certificate.revoked` changes a cached certificate in one place (below).
 */
import { applyLive, onLive, useAppQuery } from '@/lib/query';
import { certificateFromPayload, getCertificate, verifyCertificate, type CertificateDto } from './certificates';

export const certificateKey = (code: string) => ['certificates', 'one', code] as const;

export const useCertificate = (code: string) => useAppQuery({ queryKey: certificateKey(code), queryFn: () => getCertificate(code) });

/** The public verification of a code; nothing is fetched without one. */
export const useVerification = (code: string) =>
  useAppQuery({ queryKey: ['certificates', 'verify', code], queryFn: () => verifyCertificate(code), enabled: code !== '' });

// A revocation made while the certificate is on screen.
onLive(['certificate.revoked'], (e) => {
  const revoked = certificateFromPayload(e.payload);
  if (revoked) void applyLive<CertificateDto>(certificateKey(revoked.code), () => revoked);
});
