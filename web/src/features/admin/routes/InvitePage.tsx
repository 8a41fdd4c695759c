import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { SelectField, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { looksLikeEmail, useFormErrors, type FieldErrors } from '@/lib/forms';
import { type AdminUser, type UserType } from '../api/admin';
import { useInvite } from '../api/queries';
import { ADMIN_NS } from '../i18n';

/** `/admin/invite`: creates an instructor or supervisor account and e-mails a set-password link. */
export function InvitePage() {
  const { t } = useTranslation(ADMIN_NS);
  const [form, setForm] = useState({ type: 'instructor' as UserType, name: '', email: '' });
  const invite = useInvite(t('sendError'));
  const [done, setDone] = useState<{ message: string; user: AdminUser } | null>(null);
  const order = useMemo(() => ['type', 'name', 'email'], []);
  const { fieldErrors, formError, reset, showFieldErrors, fail } = useFormErrors(order, t('sendError'), 'inv');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (invite.pending) return;
    reset();
    setDone(null);
    const errs: FieldErrors = {};
    if (!form.name.trim()) errs.name = t('invite.required');
    if (!form.email.trim()) errs.email = t('invite.required');
    else if (!looksLikeEmail(form.email)) errs.email = t('invite.invalidEmail');
    if (Object.keys(errs).length) return showFieldErrors(errs);
    invite.mutate(
      { type: form.type, name: form.name.trim(), email: form.email.trim() },
      {
        onSuccess: (res) => {
          setDone(res);
          setForm({ ...form, name: '', email: '' });
        },
        onError: fail,
      },
    );
  }

  return (
    <Page title={t('invite.title')} docTitle={`${t('invite.title')} — ${t('site')}`} intro={<p>{t('invite.intro')}</p>}>
      <StatusMessage>
        {done ? (
          <>
            {done.message} <Link to={`/admin/users/${done.user.id}`}>{t('invite.openUser')}</Link>
          </>
        ) : null}
      </StatusMessage>
      <form className="form card" noValidate onSubmit={submit} aria-labelledby="page-title">
        <ErrorAlert>{formError}</ErrorAlert>
        <SelectField
          idPrefix="inv"
          name="type"
          label={t('invite.type')}
          required
          value={form.type}
          onChange={(v) => setForm({ ...form, type: v as UserType })}
          error={fieldErrors.type}
          options={(['instructor', 'supervisor'] as const).map((x) => ({ value: x, label: t(`types.${x}`) }))}
        />
        <TextField idPrefix="inv" name="name" label={t('invite.name')} required value={form.name} onChange={(v) => setForm({ ...form, name: v })} error={fieldErrors.name} autoComplete="off" />
        <TextField
          idPrefix="inv"
          name="email"
          type="email"
          dir="ltr"
          label={t('invite.email')}
          required
          value={form.email}
          onChange={(v) => setForm({ ...form, email: v })}
          error={fieldErrors.email}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" aria-disabled={invite.pending || undefined}>
          {t('invite.send')}
        </button>
      </form>
    </Page>
  );
}
