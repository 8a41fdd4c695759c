import '../contact.css';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/Alert';
import { TextArea, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { useFormMutation } from '@/lib/forms';
import { useApiMutation } from '@/lib/mutation';
import { sendContact } from '../api/contact';
import { CONTACT_NS } from '../i18n';
import { charCount, checkContact, CONTACT_FIELDS, CONTACT_LIMITS, type ContactForm, type ContactProblem } from '../lib/validate';
import { ScriptNote } from '@/components/ScriptNote';

const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '' };

/**
 * `/contact-us`: the message goes to the society's supervisors (stored, and they are told live);
 * the sender gets "Message sent" and an acknowledgement e-mail. Errors sit under their fields
 * (aria-describedby), a summary is announced, and focus goes to the first wrong field.
 */
export function ContactPage() {
  const { t } = useTranslation(CONTACT_NS);
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const order = useMemo(() => [...CONTACT_FIELDS], []);
  const fallback = t('errors.failed');
  const sending = useApiMutation({ mutationFn: (f: ContactForm) => sendContact(f, honeypot), fallback });
  const { fieldErrors, formError, setFormError, reset, showFieldErrors, send, busy } = useFormMutation(sending, order, fallback, 'contact');
  const done = useRef<HTMLParagraphElement>(null);
  const [refocus, setRefocus] = useState(false);
  // "Write another message": back to the first field of the fresh form.
  useEffect(() => {
    if (refocus) {
      document.getElementById('contact-name')?.focus();
      setRefocus(false);
    }
  }, [refocus]);

  // Sent: focus the confirmation once it is on screen, so it is read first.
  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);

  const set = (f: keyof ContactForm) => (v: string) => setForm((old) => ({ ...old, [f]: v }));
  const say = (p: ContactProblem) => (p.kind === 'tooLong' ? t('errors.tooLong', { max: p.max }) : t(`errors.${p.kind}`));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problems = checkContact(form);
    if (Object.keys(problems).length) {
      showFieldErrors(Object.fromEntries(Object.entries(problems).map(([f, p]) => [f, say(p)])));
      setFormError(t('errors.summary'));
      return;
    }
    reset();
    send(form, (res) => {
      setSentTo({ email: form.email.trim(), message: res?.message || t('sent') });
      setForm(EMPTY);
    });
  }

  function again() {
    setSentTo(null);
    setRefocus(true);
  }

  return (
    <Page title={t('title')} intro={<p>{t('intro')}</p>}>
      <section aria-labelledby="contact-form-heading" className="card">
        <h2 id="contact-form-heading">{t('formHeading')}</h2>
        <div role="status" className={sentTo ? 'alert alert-success' : 'alert-empty'}>
          {sentTo ? (
            <>
              <p ref={done} tabIndex={-1} className="contact-sent">
                <strong>{sentTo.message}</strong>
              </p>
              <p>{t('sentMore', { email: `\u2068${sentTo.email}\u2069` })}</p>
            </>
          ) : null}
        </div>
        {sentTo ? (
          <p>
            <button type="button" className="btn btn-secondary" onClick={again}>
              {t('another')}
            </button>
          </p>
        ) : (
          <form className="form" noValidate onSubmit={submit} aria-describedby="contact-all-required">
            <ScriptNote />
            <p id="contact-all-required">{t('allRequired')}</p>
            <ErrorAlert>{formError}</ErrorAlert>
            <TextField
              idPrefix="contact"
              name="name"
              label={t('name')}
              required
              autoComplete="name"
              value={form.name}
              onChange={set('name')}
              error={fieldErrors.name}
              hint={t('nameHint', { max: CONTACT_LIMITS.name })}
            />
            <TextField
              idPrefix="contact"
              name="email"
              type="email"
              dir="ltr"
              label={t('email')}
              required
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
              error={fieldErrors.email}
              hint={t('emailHint')}
            />
            <TextField
              idPrefix="contact"
              name="subject"
              label={t('subject')}
              required
              value={form.subject}
              onChange={set('subject')}
              error={fieldErrors.subject}
              hint={t('subjectHint', { max: CONTACT_LIMITS.subject })}
            />
            <TextArea
              idPrefix="contact"
              name="message"
              label={t('message')}
              required
              value={form.message}
              onChange={set('message')}
              error={fieldErrors.message}
              hint={
                <>
                  {t('messageHint', { max: CONTACT_LIMITS.message })} {t('used', { count: charCount(form.message), max: CONTACT_LIMITS.message })}
                </>
              }
            />
            {/* The honeypot: off screen, out of the tab order and hidden from screen readers, so
                only a robot fills it in; the server quietly drops a message that has it. */}
            <div className="contact-hp" aria-hidden="true">
              <label htmlFor="contact-website">{t('honeypot')}</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
            </div>
            <p className="actions">
              <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
                {busy ? t('sending') : t('send')}
              </button>
            </p>
          </form>
        )}
      </section>
      <section aria-labelledby="learners-heading" className="card">
        <h2 id="learners-heading">{t('learnersHeading')}</h2>
        <p>{t('learners')}</p>
      </section>
    </Page>
  );
}
