import '../certificates.css';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { type VerifyDto } from '../api/certificates';
import { useVerification } from '../api/queries';
import { CertificateFacts } from '../components/CertificateFacts';
import { formatDay } from '@/lib/format';
import { isolate, useCertificatesT } from '../i18n';
import { useSite } from '@/lib/site';
import { ScriptNote } from '@/components/ScriptNote';

type Result = { kind: 'loading' } | { kind: 'found'; cert: VerifyDto } | { kind: 'not_found' } | { kind: 'error'; message: string };

/**
 * /certificates/verify/:code (public, no sign-in; the QR code on a certificate opens it): says
 * whether the certificate is genuine and valid, revoked, or not found, and what it certifies —
 * name, course, date, duration, grade, percentage — nothing more. The verdict is in a status
 * region, so it is announced when it arrives. /certificates/verify offers only the code form.
 */
export function VerifyPage() {
  const { t: txt } = useCertificatesT();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [input, setInput] = useState(code);
  const [inputError, setInputError] = useState('');
  const query = useVerification(code);
  // The issuing society, as the certificate names it (site settings; the platform's name while unset).
  const society = useSite().value('NAME') ?? txt('view.platform');
  const failure = query.error;
  const result: Result = query.data
    ? { kind: 'found', cert: query.data }
    : failure instanceof ApiError && (failure.status === 404 || failure.status === 400)
      ? { kind: 'not_found' }
      : failure
        ? { kind: 'error', message: failure instanceof ApiError ? failure.message : txt('common.loadError') }
        : { kind: 'loading' };

  // A new code in the address (a link, or this form's submit) fills the field.
  useEffect(() => setInput(code), [code]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const c = input.trim();
    if (!c) {
      setInputError(txt('common.required'));
      document.getElementById('verify-code')?.focus();
      return;
    }
    setInputError('');
    navigate(`/certificates/verify/${encodeURIComponent(c)}`);
  }

  const found = result.kind === 'found' ? result.cert : null;
  let verdict = '';
  let tone = '';
  if (code && result.kind === 'loading') verdict = txt('verify.checking');
  else if (found && found.status === 'valid') [verdict, tone] = [txt('verify.valid'), 'valid'];
  else if (found) [verdict, tone] = [txt('verify.revoked', { date: formatDay(found.revoked_at, lang) }), 'revoked'];
  else if (code && result.kind === 'not_found') [verdict, tone] = [txt('verify.notFound', { code }), 'not-found'];

  return (
    <Page title={txt('verify.title')} intro={<p>{txt('verify.intro')}</p>}>
      {code ? (
        <div role="status" className={tone ? `cert-verdict cert-verdict-${tone}` : 'cert-verdict-pending'}>
          {verdict ? (
            <p>
              {tone ? (
                <span aria-hidden="true" className="cert-verdict-icon">
                  {tone === 'valid' ? '✓' : '✗'}
                </span>
              ) : null}
              {verdict}
            </p>
          ) : null}
        </div>
      ) : null}
      <ErrorAlert>{result.kind === 'error' && code ? result.message : ''}</ErrorAlert>
      {found ? (
        <section aria-labelledby="verify-what" className="card">
          <h2 id="verify-what">{txt('verify.certifies')}</h2>
          <CertificateFacts facts={{ ...found, code: found.code }} txt={txt} lang={lang} />
          <p className="cert-issuer">{txt('view.issuedBy', { society: isolate(society) })}</p>
        </section>
      ) : null}
      <section aria-labelledby="verify-form" className="card">
        <h2 id="verify-form">{txt('verify.formHeading')}</h2>
        <form noValidate onSubmit={onSubmit} className="form">
          <ScriptNote />
          <div className="cert-search-row">
            <TextField
              name="code"
              idPrefix="verify"
              label={txt('verify.codeLabel')}
              hint={txt('verify.codeHint')}
              value={input}
              onChange={setInput}
              error={inputError}
              dir="ltr"
              autoComplete="off"
              required
            />
            <button type="submit" className="btn btn-primary">
              {txt('verify.submit')}
            </button>
          </div>
        </form>
      </section>
    </Page>
  );
}
