import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextArea, TextField } from '@/components/Field';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { useFormErrors } from '@/lib/forms';
import { useApiMutation } from '@/lib/mutation';
import { loadErrorText } from '@/lib/query';
import { NEWS_STATES, previewNews } from '../api/admin';
import { useImageUpload, useNewsItem, useSaveNews } from '../api/queries';
import { ADMIN_NS } from '../i18n';
import { checkNews, EMPTY_NEWS, formOf, inputOf, NEWS_FIELDS, NEWS_LIMITS, type NewsForm, type NewsProblem } from '../lib/newsForm';

/** `/admin/news/new` and `/admin/news/:id`: both languages side by side, image with alt texts, state, preview. */
export function NewsEditorPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { id } = useParams();
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [form, setForm] = useState<NewsForm>(EMPTY_NEWS);
  const item = useNewsItem(editing ? id : null);
  const loadError = loadErrorText(item.error, t('loadError'));
  // The form starts from the item once per address; a later re-read never overwrites an edit.
  const [formFor, setFormFor] = useState<string | null>(null);
  if (editing && item.data && formFor !== id) {
    setFormFor(id);
    setForm(formOf(item.data));
  }
  const loaded = !editing || formFor === id;
  const saving = useSaveNews(t('sendError'));
  const busy = saving.pending;
  const location = useLocation();
  // After creating, the page moves to the item's own address and keeps the "saved" message.
  const [status, setStatus] = useState(() => (location.state as { saved?: string } | null)?.saved ?? '');
  const [preview, setPreview] = useState<{ ar: string; en: string } | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const order = useMemo(() => [...NEWS_FIELDS, 'image_media_id'], []);
  const { fieldErrors, formError, setFormError, reset, showFieldErrors, fail } = useFormErrors(order, t('sendError'), 'nw');
  const { start: upload, uploading } = useImageUpload(
    { uploading: t('editor.uploading'), uploaded: t('editor.uploaded'), fallback: t('sendError') },
    setStatus,
    (message) => showFieldErrors({ image_media_id: message }),
  );
  // Both languages' bodies as the site will show them.
  const previewing = useApiMutation({
    mutationFn: async (md: { ar: string; en: string }) => {
      const [ar, en] = await Promise.all([previewNews(md.ar), previewNews(md.en)]);
      return { ar: ar.html, en: en.html };
    },
    fallback: t('sendError'),
  });

  // A new preview: take the reader to it (after it is on screen).
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const set = (k: keyof NewsForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const say = (p: NewsProblem) => (typeof p === 'object' ? t('editor.tooLong', { max: p.tooLong }) : t(`editor.${p}`));

  function onImage(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    upload(file, (media) => setForm((f) => ({ ...f, image_media_id: media.id, image_url: media.url ?? null })));
  }

  function save(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    setStatus('');
    const problems = checkNews(form);
    if (Object.keys(problems).length) {
      showFieldErrors(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, say(p)])));
      setFormError(t('editor.errorsIntro'));
      return;
    }
    reset();
    saving.mutate(
      { id: editing ? Number(id) : null, body: inputOf(form) },
      {
        onSuccess: (res) => {
          setForm(formOf(res.news));
          setStatus(res.message || t('editor.saved'));
          if (!editing) navigate(`/admin/news/${res.news.id}`, { replace: true, state: { saved: res.message } });
        },
        onError: fail,
      },
    );
  }

  function showPreview() {
    reset();
    previewing.mutate({ ar: form.body_md_ar, en: form.body_md_en }, { onSuccess: setPreview, onError: fail });
  }

  const title = editing ? t('editor.editTitle') : t('editor.newTitle');
  if (!loaded) {
    return (
      <Page title={title}>
        <LoadState loading loadError={loadError} loadingText={t('loading')} />
        <p>
          <Link to="/admin/news">{t('editor.back')}</Link>
        </p>
      </Page>
    );
  }

  const err = fieldErrors;
  return (
    <Page title={title} docTitle={`${title} — ${t('site')}`}>
      <p>
        <Link to="/admin/news">{t('editor.back')}</Link>
      </p>
      <StatusMessage>{status}</StatusMessage>
      <form className="form" noValidate onSubmit={save} aria-labelledby="page-title">
        <ErrorAlert>{formError}</ErrorAlert>
        <div className="admin-two">
          <fieldset className="fieldset" lang="ar" dir="rtl">
            <legend>{t('editor.arabic')}</legend>
            <TextField idPrefix="nw" name="title_ar" label={t('editor.titleAr')} required value={form.title_ar} onChange={set('title_ar')} error={err.title_ar} hint={t('editor.tooLong', { max: NEWS_LIMITS.title })} />
            <TextArea idPrefix="nw" name="body_md_ar" label={t('editor.bodyAr')} required value={form.body_md_ar} onChange={set('body_md_ar')} error={err.body_md_ar} hint={t('editor.bodyHint')} />
          </fieldset>
          <fieldset className="fieldset" lang="en" dir="ltr">
            <legend>{t('editor.english')}</legend>
            <TextField idPrefix="nw" name="title_en" label={t('editor.titleEn')} required value={form.title_en} onChange={set('title_en')} error={err.title_en} hint={t('editor.tooLong', { max: NEWS_LIMITS.title })} />
            <TextArea idPrefix="nw" name="body_md_en" label={t('editor.bodyEn')} required value={form.body_md_en} onChange={set('body_md_en')} error={err.body_md_en} hint={t('editor.bodyHint')} />
          </fieldset>
        </div>
        <fieldset className="fieldset">
          <legend>{t('editor.image')}</legend>
          {form.image_url ? (
            <p>
              <img src={form.image_url} alt={form.image_alt_ar || form.image_alt_en || t('editor.imageCurrent')} style={{ maxInlineSize: '16rem', blockSize: 'auto' }} />
            </p>
          ) : null}
          <div className={`field ${err.image_media_id ? 'field-invalid' : ''}`}>
            <label htmlFor="nw-image_media_id">
              {t('editor.imageFile')}
            </label>
            <input
              id="nw-image_media_id"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={onImage}
              aria-invalid={err.image_media_id ? true : undefined}
              aria-describedby={`nw-image-hint${err.image_media_id ? ' nw-image_media_id-error' : ''}`}
            />
            <p id="nw-image-hint" className="field-hint">
              {t('editor.imageHint')}
            </p>
            {err.image_media_id ? (
              <p id="nw-image_media_id-error" className="field-error">
                {err.image_media_id}
              </p>
            ) : null}
          </div>
          {form.image_media_id !== null ? (
            <>
              <p>
                <button type="button" className="btn btn-secondary" onClick={() => setForm((f) => ({ ...f, image_media_id: null, image_url: null }))}>
                  {t('editor.imageRemove')}
                </button>
              </p>
              <TextField idPrefix="nw" name="image_alt_ar" label={t('editor.altAr')} required value={form.image_alt_ar} onChange={set('image_alt_ar')} error={err.image_alt_ar} hint={t('editor.altHint')} dir="rtl" />
              <TextField idPrefix="nw" name="image_alt_en" label={t('editor.altEn')} required value={form.image_alt_en} onChange={set('image_alt_en')} error={err.image_alt_en} hint={t('editor.altHint')} dir="ltr" />
            </>
          ) : null}
        </fieldset>
        <TextField idPrefix="nw" name="link" label={t('editor.link')} value={form.link} onChange={set('link')} error={err.link} hint={t('editor.linkHint')} dir="ltr" />
        <TextField idPrefix="nw" name="slug" label={t('editor.slug')} value={form.slug} onChange={set('slug')} error={err.slug} hint={t('editor.slugHint')} dir="ltr" />
        <fieldset className="fieldset" aria-describedby={err.state ? 'nw-state-error' : undefined}>
          <legend>{t('editor.state')}</legend>
          {NEWS_STATES.map((s, i) => (
            <label key={s} className="radio-row">
              <input id={i === 0 ? 'nw-state' : undefined} type="radio" name="state" value={s} checked={form.state === s} onChange={() => setForm((f) => ({ ...f, state: s }))} /> {t(`news.states.${s}`)}
            </label>
          ))}
          {err.state ? (
            <p id="nw-state-error" className="field-error">
              {err.state}
            </p>
          ) : null}
        </fieldset>
        {form.state === 'scheduled' ? (
          <div className={`field ${err.publish_at ? 'field-invalid' : ''}`}>
            <label htmlFor="nw-publish_at">{t('editor.publishAt')}</label>
            <input
              id="nw-publish_at"
              type="datetime-local"
              required
              value={form.publish_at}
              onChange={(e) => set('publish_at')(e.target.value)}
              aria-invalid={err.publish_at ? true : undefined}
              aria-describedby={`nw-publish_at-hint${err.publish_at ? ' nw-publish_at-error' : ''}`}
            />
            <p id="nw-publish_at-hint" className="field-hint">
              {t('editor.publishAtHint')}
            </p>
            {err.publish_at ? (
              <p id="nw-publish_at-error" className="field-error">
                {err.publish_at}
              </p>
            ) : null}
          </div>
        ) : null}
        <p className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || uploading || undefined}>
            {t('editor.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={showPreview}>
            {t('editor.preview')}
          </button>
        </p>
      </form>
      {preview ? (
        <section aria-labelledby="preview-heading" className="admin-preview">
          <h2 id="preview-heading" ref={previewHeading} tabIndex={-1}>
            {t('editor.previewHeading')}
          </h2>
          <p className="muted">{t('editor.previewNote')}</p>
          <div lang="ar" dir="rtl">
            <h3>{form.title_ar}</h3>
            <div className="news-body" dangerouslySetInnerHTML={{ __html: preview.ar }} />
          </div>
          <div lang="en" dir="ltr">
            <h3>{form.title_en}</h3>
            <div className="news-body" dangerouslySetInnerHTML={{ __html: preview.en }} />
          </div>
        </section>
      ) : null}
    </Page>
  );
}
