import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextArea, TextField } from '@/components/Field';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { useFormErrors } from '@/lib/forms';
import { loadErrorText } from '@/lib/query';
import { useImageUpload, useSaveSiteSettings, useSiteSettingsAdmin } from '../api/queries';
import { ADMIN_NS } from '../i18n';
import { moveLogo, SITE_LIMITS, siteFieldOrder, siteFormOf, siteInputOf, type SiteForm, type SiteTextField } from '../lib/siteForm';

const P = 'st';

/**
 * `/admin/site-settings`: the society's name, contact details, postal address, social links,
 * powered-by logos (uploaded images with alt text in both languages) and credit line, shown on
 * every public page, in e-mails and on certificates. Empty fields are not shown anywhere.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const stored = useSiteSettingsAdmin();
  const loadError = loadErrorText(stored.error, t('loadError'));
  const [form, setForm] = useState<SiteForm | null>(null);
  if (stored.data && form === null) setForm(siteFormOf(stored.data));
  const saving = useSaveSiteSettings(t('sendError'));
  const busy = saving.pending;
  const [status, setStatus] = useState('');
  const order = useMemo(() => siteFieldOrder(form?.logos.length ?? 0), [form?.logos.length]);
  const { fieldErrors: err, formError, reset, showFieldErrors, fail } = useFormErrors(order, t('sendError'), P);
  const { start: upload, uploading } = useImageUpload(
    { uploading: t('settings.uploading'), uploaded: t('settings.uploaded'), fallback: t('sendError') },
    setStatus,
    (message) => showFieldErrors({ logo_file: message }),
  );
  const title = t('settings.title');
  // An element to focus once the change that shows it is on screen (a new logo's description…).
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  if (!form) {
    return (
      <Page title={title} docTitle={`${title} — ${t('site')}`}>
        <LoadState loading loadError={loadError} loadingText={t('loading')} />
      </Page>
    );
  }

  const set = (k: SiteTextField) => (v: string) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const setAlt = (i: number, k: 'alt_ar' | 'alt_en') => (v: string) =>
    setForm((f) => (f ? { ...f, logos: f.logos.map((l, j) => (j === i ? { ...l, [k]: v } : l)) } : f));

  function onLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    upload(file, (media) => {
      setForm((f) => (f ? { ...f, logos: [...f.logos, { media_id: media.id, url: media.url ?? null, alt_ar: '', alt_en: '' }] } : f));
      // The new logo's first description is the next thing to fill in.
      setFocusNext(`${P}-logos[${form?.logos.length ?? 0}].alt_ar`);
    });
  }

  function removeLogo(i: number) {
    setForm((f) => (f ? { ...f, logos: f.logos.filter((_, j) => j !== i) } : f));
    setStatus(t('settings.logoRemoved', { n: i + 1 }));
    setFocusNext(`${P}-logo_file`);
  }

  function move(i: number, by: -1 | 1) {
    setForm((f) => (f ? { ...f, logos: moveLogo(f.logos, i, by) } : f));
    setStatus(t('settings.logoMoved', { n: i + 1 + by }));
    // Focus stays on the same kind of button, now on the logo's new place (or the other one at an end).
    const to = i + by;
    const last = (form?.logos.length ?? 1) - 1;
    const pressed = by < 0 ? 'up' : 'down';
    const stillThere = by < 0 ? to > 0 : to < last;
    setFocusNext(`${P}-logo-${to}-${stillThere ? pressed : by < 0 ? 'down' : 'up'}`);
  }

  function save(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading || !form) return;
    reset();
    setStatus('');
    saving.mutate(siteInputOf(form), {
      onSuccess: (res) => {
        setForm(siteFormOf(res.settings));
        setStatus(res.message || t('settings.saved'));
      },
      onError: fail,
    });
  }

  const text = (name: SiteTextField, label: string, max: number, extra: { dir?: 'ltr' | 'rtl'; type?: 'email' | 'tel' | 'text'; hint?: string } = {}) => (
    <TextField
      idPrefix={P}
      name={name}
      label={label}
      type={extra.type}
      dir={extra.dir}
      value={form[name]}
      onChange={set(name)}
      error={err[name]}
      hint={extra.hint ?? t('settings.max', { max })}
    />
  );

  return (
    <Page title={title} docTitle={`${title} — ${t('site')}`}>
      <p>{t('settings.intro')}</p>
      <StatusMessage>{status}</StatusMessage>
      <form className="form" noValidate onSubmit={save} aria-labelledby="page-title">
        <ErrorAlert>{formError}</ErrorAlert>
        <div className="admin-two">
          <fieldset className="fieldset" lang="ar" dir="rtl">
            <legend>{t('settings.arabic')}</legend>
            {text('society_name_ar', t('settings.nameAr'), SITE_LIMITS.name, { dir: 'rtl' })}
            <TextArea idPrefix={P} name="address_ar" label={t('settings.addressAr')} value={form.address_ar} onChange={set('address_ar')} error={err.address_ar} hint={t('settings.max', { max: SITE_LIMITS.address })} />
            {text('credit_ar', t('settings.creditAr'), SITE_LIMITS.credit, { dir: 'rtl' })}
          </fieldset>
          <fieldset className="fieldset" lang="en" dir="ltr">
            <legend>{t('settings.english')}</legend>
            {text('society_name_en', t('settings.nameEn'), SITE_LIMITS.name, { dir: 'ltr' })}
            <TextArea idPrefix={P} name="address_en" label={t('settings.addressEn')} value={form.address_en} onChange={set('address_en')} error={err.address_en} hint={t('settings.max', { max: SITE_LIMITS.address })} />
            {text('credit_en', t('settings.creditEn'), SITE_LIMITS.credit, { dir: 'ltr' })}
          </fieldset>
        </div>
        <fieldset className="fieldset">
          <legend>{t('settings.contact')}</legend>
          {text('contact_email', t('settings.email'), 254, { dir: 'ltr', type: 'email', hint: t('settings.emailHint') })}
          {text('contact_phone', t('settings.phone'), SITE_LIMITS.phone, { dir: 'ltr', type: 'tel', hint: t('settings.phoneHint') })}
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t('settings.social')}</legend>
          <p className="field-hint">{t('settings.socialHint')}</p>
          {text('social_x', 'X', SITE_LIMITS.url, { dir: 'ltr', hint: t('settings.urlHint') })}
          {text('social_facebook', 'Facebook', SITE_LIMITS.url, { dir: 'ltr', hint: t('settings.urlHint') })}
          {text('social_youtube', 'YouTube', SITE_LIMITS.url, { dir: 'ltr', hint: t('settings.urlHint') })}
          {text('social_instagram', 'Instagram', SITE_LIMITS.url, { dir: 'ltr', hint: t('settings.urlHint') })}
        </fieldset>
        <fieldset className="fieldset" aria-describedby={`${P}-logos-hint`}>
          <legend>{t('settings.logos')}</legend>
          <p id={`${P}-logos-hint`} className="field-hint">
            {t('settings.logosHint', { max: SITE_LIMITS.logos })}
          </p>
          {err.logos ? (
            <p id={`${P}-logos`} className="field-error" tabIndex={-1}>
              {err.logos}
            </p>
          ) : null}
          {form.logos.length ? (
            <ol className="site-logos">
              {form.logos.map((logo, i) => (
                <li key={`${logo.media_id}-${i}`} className="site-logo">
                  <h3 className="site-logo-heading">{t('settings.logoN', { n: i + 1 })}</h3>
                  {logo.url ? <img src={logo.url} alt={logo.alt_ar || logo.alt_en || t('settings.logoN', { n: i + 1 })} /> : null}
                  {err[`logos[${i}].media_id`] ? (
                    <p id={`${P}-logos[${i}].media_id`} className="field-error" tabIndex={-1}>
                      {err[`logos[${i}].media_id`]}
                    </p>
                  ) : null}
                  <TextField idPrefix={P} name={`logos[${i}].alt_ar`} label={t('settings.altAr')} dir="rtl" required value={logo.alt_ar} onChange={setAlt(i, 'alt_ar')} error={err[`logos[${i}].alt_ar`]} hint={t('settings.altHint')} />
                  <TextField idPrefix={P} name={`logos[${i}].alt_en`} label={t('settings.altEn')} dir="ltr" required value={logo.alt_en} onChange={setAlt(i, 'alt_en')} error={err[`logos[${i}].alt_en`]} hint={t('settings.altHint')} />
                  <p className="actions">
                    {i > 0 ? (
                      <button type="button" id={`${P}-logo-${i}-up`} className="btn btn-secondary" onClick={() => move(i, -1)}>
                        {t('settings.logoUp', { n: i + 1 })}
                      </button>
                    ) : null}
                    {i < form.logos.length - 1 ? (
                      <button type="button" id={`${P}-logo-${i}-down`} className="btn btn-secondary" onClick={() => move(i, 1)}>
                        {t('settings.logoDown', { n: i + 1 })}
                      </button>
                    ) : null}
                    <button type="button" className="btn btn-secondary" onClick={() => removeLogo(i)}>
                      {t('settings.logoRemove', { n: i + 1 })}
                    </button>
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p>{t('settings.noLogos')}</p>
          )}
          {form.logos.length < SITE_LIMITS.logos ? (
            <div className={`field ${err.logo_file ? 'field-invalid' : ''}`}>
              <label htmlFor={`${P}-logo_file`}>{t('settings.logoFile')}</label>
              <input
                id={`${P}-logo_file`}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={onLogo}
                aria-invalid={err.logo_file ? true : undefined}
                aria-describedby={`${P}-logo_file-hint${err.logo_file ? ` ${P}-logo_file-error` : ''}`}
              />
              <p id={`${P}-logo_file-hint`} className="field-hint">
                {t('settings.logoFileHint')}
              </p>
              {err.logo_file ? (
                <p id={`${P}-logo_file-error`} className="field-error">
                  {err.logo_file}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
        <p className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || uploading || undefined}>
            {busy ? t('settings.saving') : t('settings.save')}
          </button>
        </p>
      </form>
    </Page>
  );
}
