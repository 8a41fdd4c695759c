import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { looksLikeEmail, useFormMutation } from '@/lib/forms';
import { useApiMutation } from '@/lib/mutation';
import { requestReset } from '../api/auth';
import { ScriptNote } from '@/components/ScriptNote';

const ORDER = ['email'];

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState('');
  const fallback = t('errors.problemSending');
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(useApiMutation({ mutationFn: (to: string) => requestReset(to), fallback }), ORDER, fallback);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setDone('');
    if (!looksLikeEmail(email)) return showFieldErrors({ email: email.trim() ? t('errors.invalidEmail') : t('common.requiredField') });
    send(email.trim(), (res) => setDone(res.message));
  }

  return (
    <Page title={t('auth.forgotTitle')} intro={<p>{t('auth.forgotIntro')}</p>}>
      <form noValidate onSubmit={onSubmit} className="form card" aria-labelledby="page-title">
        <ScriptNote />
        <ErrorAlert>{formError}</ErrorAlert>
        <TextField name="email" type="email" label={t('fields.email')} value={email} onChange={setEmail} error={fieldErrors.email} required autoComplete="email" dir="ltr" />
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? t('common.sending') : t('auth.forgotSubmit')}
        </button>
        <StatusMessage>{done}</StatusMessage>
      </form>
      <p>
        <Link to="/login">{t('auth.goLogin')}</Link>
      </p>
    </Page>
  );
}
