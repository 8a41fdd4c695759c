import './certificates.css';
export { CertificatePage } from './routes/CertificatePage';
export { IssuedCertificatesPage } from './routes/IssuedCertificatesPage';
export { RequestQueuePage } from './routes/RequestQueuePage';
export { StudentCertificatesPage } from './routes/StudentCertificatesPage';
export { VerifyPage } from './routes/VerifyPage';
