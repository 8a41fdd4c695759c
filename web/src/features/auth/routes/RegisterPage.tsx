import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { SelectField, TextField } from '@/components/Field';
import { NewPasswordFields } from '@/components/NewPasswordFields';
import { Page } from '@/components/Page';
import { ProfileFields, type ProfileField } from '@/components/ProfileFields';
import { looksLikeEmail, meetsPasswordPolicy, useFormMutation, type FieldErrors } from '@/lib/forms';
import { useApiMutation } from '@/lib/mutation';
import { register, type RegisterInput } from '../api/auth';
import { ScriptNote } from '@/components/ScriptNote';

const ORDER = [
  'name',
  'email',
  'password',
  'password_confirm',
  'type',
  'phone',
  'gender',
  'country',
  'job_title',
  'vision_type',
  'birth_date',
  'education_type',
  'level',
  'bio',
];

type Values = Record<(typeof ORDER)[number], string>;

const EMPTY: Values = Object.fromEntries(ORDER.map((k) => [k, k === 'type' ? 'student' : ''])) as Values;

export function RegisterPage() {
  const { t } = useTranslation();
  const [v, setV] = useState<Values>(EMPTY);
  const [done, setDone] = useState('');
  const fallback = t('errors.problemSending');
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(useApiMutation({ mutationFn: register, fallback }), ORDER, fallback);
  const set = (k: string) => (value: string) => setV((old) => ({ ...old, [k]: value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setDone('');
    const errs: FieldErrors = {};
    if (!v.name.trim()) errs.name = t('common.requiredField');
    if (!v.email.trim()) errs.email = t('common.requiredField');
    else if (!looksLikeEmail(v.email)) errs.email = t('errors.invalidEmail');
    if (!meetsPasswordPolicy(v.password)) errs.password = t('errors.passwordPolicy');
    if (v.password_confirm !== v.password) errs.password_confirm = t('errors.passwordMismatch');
    if (Object.keys(errs).length) return showFieldErrors(errs);

    const input: RegisterInput = {
      name: v.name.trim(),
      email: v.email.trim(),
      password: v.password,
      password_confirm: v.password_confirm,
      type: v.type === 'instructor' ? 'instructor' : 'student',
    };
    for (const k of ['phone', 'country', 'job_title', 'birth_date', 'bio', 'education_type', 'level'] as const) {
      if (v[k].trim()) input[k] = v[k].trim();
    }
    if (v.gender === 'male' || v.gender === 'female') input.gender = v.gender;
    if (v.vision_type === 'blind' || v.vision_type === 'low_vision' || v.vision_type === 'sighted') input.vision_type = v.vision_type;

    send(input, (res) => {
      setDone(res.message);
      setV(EMPTY);
    });
  }

  return (
    <Page title={t('auth.registerTitle')} intro={<p>{t('auth.registerIntro')}</p>} className="auth-page">
      <StatusMessage>{done ? <>{done} <Link to="/login">{t('auth.goLogin')}</Link></> : null}</StatusMessage>
      <form noValidate onSubmit={onSubmit} className="form card" aria-labelledby="page-title">
        <ScriptNote />
        <ErrorAlert>{formError}</ErrorAlert>
        <TextField name="name" label={t('fields.name')} value={v.name} onChange={set('name')} error={fieldErrors.name} required autoComplete="name" />
        <TextField name="email" type="email" label={t('fields.email')} value={v.email} onChange={set('email')} error={fieldErrors.email} required autoComplete="email" dir="ltr" />
        <NewPasswordFields kind="register" values={v} onChange={(k, value) => set(k)(value)} errors={fieldErrors} />
        <SelectField
          name="type"
          label={t('fields.type')}
          value={v.type}
          onChange={set('type')}
          error={fieldErrors.type}
          required
          options={[
            { value: 'student', label: t('options.student') },
            { value: 'instructor', label: t('options.instructor') },
          ]}
        />
        <fieldset className="fieldset">
          <legend>{t('auth.moreAbout')}</legend>
          <ProfileFields values={v as Record<ProfileField, string>} onChange={(k, value) => set(k)(value)} errors={fieldErrors} />
        </fieldset>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? t('common.sending') : t('auth.registerSubmit')}
        </button>
      </form>
      <p>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.loginLink')}</Link>
      </p>
    </Page>
  );
}
