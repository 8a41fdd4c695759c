import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { SelectField, TextArea, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { looksLikeEmail, meetsPasswordPolicy, useFormErrors, type FieldErrors } from '@/lib/forms';
import { register, type RegisterInput } from '../api/auth';

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
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const { fieldErrors, formError, reset, showFieldErrors, fail } = useFormErrors(ORDER, t('errors.problemSending'));
  const set = (k: string) => (value: string) => setV((old) => ({ ...old, [k]: value }));

  async function onSubmit(e: FormEvent) {
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

    setBusy(true);
    try {
      const res = await register(input);
      setDone(res.message);
      setV(EMPTY);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('auth.registerTitle')} intro={<p>{t('auth.registerIntro')}</p>} className="auth-page">
      <StatusMessage>{done ? <>{done} <Link to="/login">{t('auth.goLogin')}</Link></> : null}</StatusMessage>
      <form noValidate onSubmit={onSubmit} className="form card" aria-labelledby="page-title">
        <ErrorAlert>{formError}</ErrorAlert>
        <TextField name="name" label={t('fields.name')} value={v.name} onChange={set('name')} error={fieldErrors.name} required autoComplete="name" />
        <TextField name="email" type="email" label={t('fields.email')} value={v.email} onChange={set('email')} error={fieldErrors.email} required autoComplete="email" dir="ltr" />
        <TextField
          name="password"
          type="password"
          label={t('fields.password')}
          value={v.password}
          onChange={set('password')}
          error={fieldErrors.password}
          hint={t('fields.passwordHint')}
          required
          autoComplete="new-password"
          dir="ltr"
        />
        <TextField
          name="password_confirm"
          type="password"
          label={t('fields.password_confirm')}
          value={v.password_confirm}
          onChange={set('password_confirm')}
          error={fieldErrors.password_confirm}
          required
          autoComplete="new-password"
          dir="ltr"
        />
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
          <TextField name="phone" type="tel" label={t('fields.phone')} value={v.phone} onChange={set('phone')} error={fieldErrors.phone} autoComplete="tel" dir="ltr" />
          <SelectField
            name="gender"
            label={t('fields.gender')}
            value={v.gender}
            onChange={set('gender')}
            error={fieldErrors.gender}
            allowEmpty
            options={[
              { value: 'male', label: t('options.male') },
              { value: 'female', label: t('options.female') },
            ]}
          />
          <TextField name="country" label={t('fields.country')} value={v.country} onChange={set('country')} error={fieldErrors.country} autoComplete="country-name" />
          <TextField name="job_title" label={t('fields.job_title')} value={v.job_title} onChange={set('job_title')} error={fieldErrors.job_title} autoComplete="organization-title" />
          <SelectField
            name="vision_type"
            label={t('fields.vision_type')}
            value={v.vision_type}
            onChange={set('vision_type')}
            error={fieldErrors.vision_type}
            allowEmpty
            options={[
              { value: 'blind', label: t('options.blind') },
              { value: 'low_vision', label: t('options.low_vision') },
              { value: 'sighted', label: t('options.sighted') },
            ]}
          />
          <TextField
            name="birth_date"
            type="date"
            label={t('fields.birth_date')}
            value={v.birth_date}
            onChange={set('birth_date')}
            error={fieldErrors.birth_date}
            hint={t('fields.birthDateHint')}
            autoComplete="bday"
          />
          <TextField name="education_type" label={t('fields.education_type')} value={v.education_type} onChange={set('education_type')} error={fieldErrors.education_type} />
          <TextField name="level" label={t('fields.level')} value={v.level} onChange={set('level')} error={fieldErrors.level} />
          <TextArea name="bio" label={t('fields.bio')} value={v.bio} onChange={set('bio')} error={fieldErrors.bio} />
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
