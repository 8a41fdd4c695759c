import '../certificates.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { useDownload } from '@/lib/download';
import { certificatePdf, pdfFileName, qrImageUrl } from '../api/certificates';
import { useCertificate } from '../api/queries';
import { CertificateFacts, StatusBadge } from '../components/CertificateFacts';
import { formatDay } from '@/lib/format';
import { useSite } from '@/lib/site';
import { isolate, useCertificatesT } from '../i18n';

/**
 * The certificate view (spec §2 "certificate view (QR code and PDF download)"), for its owner at
 * /student/certificates/:code and for supervisors at /supervisor/issued-certificates/:code:
 * every field, the QR image, the verification link and "Download PDF". The PDF needs the bearer
 * token, so it is fetched through the API client and handed to the browser as a download.
 */
export function CertificatePage({ area }: { area: 'student' | 'supervisor' }) {
  const { t: txt } = useCertificatesT();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const { code = '' } = useParams();
  const query = useCertificate(code);
  const cert = query.data ?? null;
  const failure = query.error;
  const notFound = failure instanceof ApiError && (failure.status === 404 || failure.status === 403);
  const loadError = failure && !notFound ? (failure instanceof ApiError ? failure.message : txt('common.loadError')) : '';
  const [downloadStatus, setDownloadStatus] = useState('');
  const pdf = useDownload(txt('common.loadError'));
  const downloading = pdf.pending;
  // The issuing society, as the PDF names it (site settings; the platform's name while unset).
  const society = useSite().value('NAME') ?? txt('view.platform');

  function download() {
    if (downloading || !cert) return;
    setDownloadStatus('');
    const { code: c } = cert;
    pdf.mutate({ request: () => certificatePdf(c), file: pdfFileName(c) }, { onSuccess: (file) => setDownloadStatus(txt('view.downloadStarted', { file })) });
  }

  const back = area === 'student' ? '/student/certificates' : '/supervisor/issued-certificates';
  const title = cert ? txt('view.title', { t: cert.course_title }) : notFound ? txt('view.notFoundTitle') : txt('view.loadingTitle');
  return (
    <Page title={title}>
      <LoadState loading={!cert && !notFound} loadError={loadError} loadingText={txt('common.loading')} />
      {notFound ? <p className="alert alert-error">{txt('view.notFound')}</p> : null}
      {cert ? (
        <>
          {cert.status === 'revoked' ? (
            <div className="alert alert-error">
              <p>{txt('view.revokedNotice', { date: formatDay(cert.revoked_at, lang) })}</p>
              {cert.revoke_reason ? (
                <p>
                  <strong>{txt('fields.revokeReason')}:</strong> <bdi>{cert.revoke_reason}</bdi>
                </p>
              ) : null}
            </div>
          ) : null}
          <section aria-labelledby="cert-details" className="card cert-sheet">
            <h2 id="cert-details">{txt('view.details')}</h2>
            <p className="cert-certifies">{txt('view.certifies', { name: isolate(cert.student_name), course: isolate(cert.course_title) })}</p>
            <p className="cert-issuer">{txt('view.issuedBy', { society: isolate(society) })}</p>
            <CertificateFacts facts={cert} txt={txt} lang={lang} />
            <p>
              <strong>{txt('fields.status')}:</strong> <StatusBadge status={cert.status} txt={txt} />
            </p>
          </section>
          <section aria-labelledby="cert-verification" className="card cert-verify">
            <h2 id="cert-verification">{txt('view.verification')}</h2>
            <p>{txt('view.verifyText')}</p>
            <img className="cert-qr" src={qrImageUrl(cert.code)} alt={txt('view.qrAlt', { code: cert.code })} width={176} height={176} />
            <p>
              <strong>{txt('view.verifyLink')}:</strong>{' '}
              <a href={cert.verify_url} dir="ltr" className="cert-url">
                {cert.verify_url}
              </a>
            </p>
          </section>
          <section aria-labelledby="cert-pdf" className="card">
            <h2 id="cert-pdf">{txt('view.pdf')}</h2>
            <p>{txt('view.pdfText')}</p>
            <button type="button" className="btn btn-primary" aria-disabled={downloading || undefined} onClick={download}>
              {downloading ? txt('view.downloading') : txt('view.download')}
            </button>
            <StatusMessage>{downloadStatus}</StatusMessage>
            <ErrorAlert>{pdf.errorText}</ErrorAlert>
          </section>
        </>
      ) : null}
      <p>
        <Link to={back}>{txt(`view.back.${area}`)}</Link>
      </p>
    </Page>
  );
}
