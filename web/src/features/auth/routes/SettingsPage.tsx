import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { KeyboardModeSetting } from '@/components/braille/KeyboardModeSetting';
import { TextField } from '@/components/Field';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { Page } from '@/components/Page';
import { meetsPasswordPolicy, useFormMutation, type FieldErrors } from '@/lib/forms';
import { useChangePassword } from '../api/queries';
import { DevicesSection } from '../components/DevicesSection';

const ORDER = ['old_password', 'new_password', 'new_password_confirm'];

/**
 * Settings: password change (the answer carries new tokens: other sessions were revoked), the
 * signed-in devices with "sign out everywhere else", and the six-key Braille keyboard's mode
 * (chord or latch, kept in this browser).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const [v, setV] = useState({ old_password: '', new_password: '', new_password_confirm: '' });
  const [done, setDone] = useState('');
  const fallback = t('errors.problemSending');
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(useChangePassword(fallback), ORDER, fallback);
  const set = (k: keyof typeof v) => (value: string) => setV((o) => ({ ...o, [k]: value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setDone('');
    const errs: FieldErrors = {};
    if (!v.old_password) errs.old_password = t('common.requiredField');
    if (!meetsPasswordPolicy(v.new_password)) errs.new_password = t('errors.passwordPolicy');
    if (v.new_password_confirm !== v.new_password) errs.new_password_confirm = t('errors.passwordMismatch');
    if (Object.keys(errs).length) return showFieldErrors(errs);
    send(v, (res) => {
      setDone(res.message);
      setV({ old_password: '', new_password: '', new_password_confirm: '' });
    });
  }

  return (
    <Page title={t('auth.changeTitle')}>
      <section aria-labelledby="change-heading" className="card">
        <h2 id="change-heading">{t('auth.changeHeading')}</h2>
        <p>{t('auth.changeIntro')}</p>
        <form noValidate onSubmit={onSubmit} className="form">
          <ErrorAlert>{formError}</ErrorAlert>
          <TextField name="old_password" type="password" label={t('fields.old_password')} value={v.old_password} onChange={set('old_password')} error={fieldErrors.old_password} required autoComplete="current-password" dir="ltr" />
          <NewPasswordFields kind="change" values={v} onChange={(k, value) => set(k as keyof typeof v)(value)} errors={fieldErrors} />
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {busy ? t('common.saving') : t('auth.changeSubmit')}
          </button>
          <StatusMessage>{done}</StatusMessage>
        </form>
      </section>
      <DevicesSection />
      <KeyboardModeSetting />
    </Page>
  );
}
