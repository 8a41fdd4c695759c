import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { useApiMutation } from '@/lib/mutation';
import { looksLikeEmail, useFormErrors, type FieldErrors } from '@/lib/forms';
import { storeLogin, takeSignOutReason, type SignOutReason } from '@/lib/storage';
import { login, resendActivation } from '../api/auth';
import { ScriptNote } from '@/components/ScriptNote';

const ORDER = ['email', 'password'];

/** Where to go after signing in: `?next=` when it is a path on this site (the admin site sends it). */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [inactive, setInactive] = useState(false);
  const [status, setStatus] = useState('');
  // Why the server ended the session, when it did (issue 21). Read after the first render, which
  // must match the page's prerendered HTML.
  const [signedOut, setSignedOut] = useState<SignOutReason | null>(null);
  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) setSignedOut(reason);
  }, []);
  const { fieldErrors, formError, reset, showFieldErrors, fail } = useFormErrors(ORDER, t('errors.problemSending'));
  const signIn = useApiMutation({
    mutationFn: (body: { email: string; password: string }) => login(body.email, body.password),
    onSuccess: (res) => storeLogin(res.access, res.refresh, res.user),
    fallback: t('errors.problemSending'),
  });
  const resend = useApiMutation({ mutationFn: (to: string) => resendActivation(to), fallback: t('errors.problemSending') });
  const busy = signIn.pending;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setStatus('');
    setInactive(false);
    setSignedOut(null);
    const errs: FieldErrors = {};
    if (!email.trim()) errs.email = t('common.requiredField');
    else if (!looksLikeEmail(email)) errs.email = t('errors.invalidEmail');
    if (!password) errs.password = t('common.requiredField');
    if (Object.keys(errs).length) return showFieldErrors(errs);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (res) => navigate(safeNext(params.get('next')) ?? `/${res.user.type}`),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'account_inactive') setInactive(true);
          fail(err);
        },
      },
    );
  }

  function onResend() {
    setStatus('');
    resend.mutate(email.trim(), { onSuccess: (res) => setStatus(res.message), onError: fail });
  }

  return (
    <Page title={t('auth.loginTitle')} intro={<p>{t('auth.loginIntro')}</p>} className="auth-page">
      <form noValidate onSubmit={onSubmit} className="form card" aria-labelledby="page-title">
        <ScriptNote />
        <ErrorAlert>{formError || (signedOut ? t(`auth.signedOut.${signedOut}`) : '')}</ErrorAlert>
        <TextField
          name="email"
          type="email"
          label={t('fields.email')}
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
          required
          autoComplete="email"
          dir="ltr"
        />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          required
          autoComplete="current-password"
          dir="ltr"
        />
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? t('auth.signingIn') : t('auth.loginSubmit')}
        </button>
        {inactive ? (
          <button type="button" className="btn btn-secondary" onClick={onResend}>
            {t('auth.resend')}
          </button>
        ) : null}
        <StatusMessage>{status}</StatusMessage>
      </form>
      <p>
        <Link to="/forgot-password">{t('auth.forgot')}</Link>
      </p>
      <p>
        {t('auth.noAccount')} <Link to="/register">{t('auth.registerLink')}</Link>
      </p>
    </Page>
  );
}
