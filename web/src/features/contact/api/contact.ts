/** `POST /api/contact` (public) → 201 `{message}`; `website` is the honeypot, always sent empty by people. */
import { apiFetch } from '@/lib/api-client';
import type { ContactForm } from '../lib/validate';

export const sendContact = (form: ContactForm, honeypot: string) =>
  apiFetch<{ message?: string }>('contact', {
    method: 'POST',
    body: { name: form.name.trim(), email: form.email.trim(), subject: form.subject.trim(), message: form.message.trim(), website: honeypot },
  });
