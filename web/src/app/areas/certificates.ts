// Certificate pages (student, supervisor and the public verification): one lazy chunk.
export { CertificatePage } from '@/features/certificates/routes/CertificatePage';
export { IssuedCertificatesPage } from '@/features/certificates/routes/IssuedCertificatesPage';
export { RequestQueuePage } from '@/features/certificates/routes/RequestQueuePage';
export { StudentCertificatesPage } from '@/features/certificates/routes/StudentCertificatesPage';
export { VerifyPage } from '@/features/certificates/routes/VerifyPage';
