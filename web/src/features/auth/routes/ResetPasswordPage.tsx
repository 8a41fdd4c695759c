import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { meetsPasswordPolicy, useFormMutation, type FieldErrors } from '@/lib/forms';
import { useApiMutation } from '@/lib/mutation';
import { confirmReset } from '../api/auth';

const ORDER = ['password', 'password_confirm'];

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState('');
  const fallback = t('errors.problemSending');
  const confirming = useApiMutation({ mutationFn: (body: { password: string; confirm: string }) => confirmReset(token, body.password, body.confirm), fallback });
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(confirming, ORDER, fallback);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    const errs: FieldErrors = {};
    if (!meetsPasswordPolicy(password)) errs.password = t('errors.passwordPolicy');
    if (confirm !== password) errs.password_confirm = t('errors.passwordMismatch');
    if (Object.keys(errs).length) return showFieldErrors(errs);
    send({ password, confirm }, (res) => {
      setDone(res.message);
      setPassword('');
      setConfirm('');
    });
  }

  return (
    <Page title={t('auth.resetTitle')} intro={<p>{t('auth.resetIntro')}</p>}>
      <StatusMessage>{done ? <>{done} <Link to="/login">{t('auth.goLogin')}</Link></> : null}</StatusMessage>
      {!done ? (
        <form noValidate onSubmit={onSubmit} className="form card" aria-labelledby="page-title">
          <ErrorAlert>{formError}</ErrorAlert>
          <TextField
            name="password"
            type="password"
            label={t('fields.new_password')}
            value={password}
            onChange={setPassword}
            error={fieldErrors.password}
            hint={t('fields.passwordHint')}
            required
            autoComplete="new-password"
            dir="ltr"
          />
          <TextField
            name="password_confirm"
            type="password"
            label={t('fields.new_password_confirm')}
            value={confirm}
            onChange={setConfirm}
            error={fieldErrors.password_confirm}
            required
            autoComplete="new-password"
            dir="ltr"
          />
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {busy ? t('common.sending') : t('auth.resetSubmit')}
          </button>
        </form>
      ) : null}
    </Page>
  );
}
